import * as net from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCustomerOidc, type CustomerOidc } from '../../test-support/customer-oidc.js';
import { freePort } from '../../test-support/ports.js';
import { transportOf } from './connections.js';
import { checkOidcSettings } from './oidc-check.js';
import { discoverOidc, isMultiFactor, newOidcRequest, oidcAuthorizationUrl, oidcIdentity } from './oidc.js';
import { SsoRefusal, type OidcRequest, type OidcSettings } from './types.js';

// Meridian's side of a customer's OpenID provider, against a real one (a second oidc-provider).

const REDIRECT_URI = 'https://meridian.test/sso/oidc/callback';
const CLIENT = { clientId: 'meridian-console', clientSecret: 'customer-issued-secret', redirectUris: [REDIRECT_URI] };
/** Outside production: http:// and loopback allowed, no address guard. */
const transport = transportOf({ appEnv: 'local' });

let idp: CustomerOidc;
/** Another customer's provider where Meridian has the same client id: its answers are not idp's. */
let otherIdp: CustomerOidc;
let settings: OidcSettings;

beforeAll(async () => {
  idp = await startCustomerOidc({
    clients: [CLIENT],
    accounts: {
      'ann.lee': {
        email: ' Ann.Lee@Acme-Health.example ',
        givenName: 'Ann',
        familyName: 'Lee',
        jobTitle: ' Charge nurse ',
      },
      'mo.otp': { email: 'mo@acme-health.example', givenName: 'Mo', amr: ['pwd', 'otp', 'mfa'] },
      'refeds.mfa': { email: 'rae@acme-health.example', amr: ['pwd'], acr: 'https://refeds.org/profile/mfa' },
      unverified: { email: 'new@acme-health.example', emailVerified: false },
    },
  });
  // Claims only at userinfo, as providers that follow the spec's ID token minimum do.
  otherIdp = await startCustomerOidc({
    clients: [CLIENT],
    accounts: { 'ann.lee': { email: 'Ann@Other.example', givenName: 'Ann' } },
    conformIdTokenClaims: true,
  });
  settings = { issuer: idp.issuer, clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret };
});

afterAll(async () => {
  await idp?.close();
  await otherIdp?.close();
});

/** Starts a sign-in, signs `sub` in at the provider's pages, and answers the callback it returned. */
async function signInAs(sub: string, at = settings, provider = idp) {
  const request = newOidcRequest();
  const authorizationUrl = await oidcAuthorizationUrl(at, REDIRECT_URI, request, transport);
  const callback = await provider.signIn(authorizationUrl, sub);
  return { request, callback, authorizationUrl };
}

const identity = async (callback: URL, request: OidcRequest, at = settings) =>
  (await oidcIdentity(at, REDIRECT_URI, callback, request, transport)).identity;

/** The refusal's message, failing the test if the call did not refuse. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => expect.fail('expected a refusal'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SsoRefusal);
  return (error as SsoRefusal).message;
}

describe('the authorization request', () => {
  it('asks for a code with S256 PKCE, state, nonce, the scopes and the login hint', async () => {
    const request = newOidcRequest();
    const url = new URL(
      await oidcAuthorizationUrl(settings, REDIRECT_URI, request, transport, 'ann.lee@acme-health.example'),
    );
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      state: request.state,
      nonce: request.nonce,
      login_hint: 'ann.lee@acme-health.example',
    });
    // Each sign-in has its own secrets.
    const other = newOidcRequest();
    expect([other.state, other.nonce, other.codeVerifier]).not.toContain(request.state);
    expect(other.codeVerifier).not.toBe(request.codeVerifier);
  });
});

describe('a sign-in through the customer provider', () => {
  it('gives the identity from the ID token: email trimmed and lower-cased, verified, names, job title, one factor', async () => {
    const { request, callback } = await signInAs('ann.lee');
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(await identity(callback, request)).toEqual({
      subject: 'ann.lee',
      email: 'ann.lee@acme-health.example',
      emailVerified: true,
      name: 'Ann Lee',
      givenName: 'Ann',
      familyName: 'Lee',
      text: { jobTitle: 'Charge nurse' },
      mfa: false,
    });
  });

  it('says mfa when amr names it, and when acr is a multi-factor level', async () => {
    const mo = await signInAs('mo.otp');
    expect(await identity(mo.callback, mo.request)).toMatchObject({ subject: 'mo.otp', mfa: true });
    const rae = await signInAs('refeds.mfa');
    expect(await identity(rae.callback, rae.request)).toMatchObject({ subject: 'refeds.mfa', mfa: true });
  });

  it('says the email is not verified when the provider says so', async () => {
    const { request, callback } = await signInAs('unverified');
    expect(await identity(callback, request)).toMatchObject({
      email: 'new@acme-health.example',
      emailVerified: false,
    });
  });

  it('reads email and names from userinfo when the ID token carries only the subject', async () => {
    const at = { ...settings, issuer: otherIdp.issuer };
    const { request, callback } = await signInAs('ann.lee', at, otherIdp);
    expect(await identity(callback, request, at)).toEqual({
      subject: 'ann.lee',
      email: 'ann@other.example',
      emailVerified: true,
      name: 'Ann',
      givenName: 'Ann',
      text: {},
      mfa: false,
    });
  });

  it('follows the provider: a changed account gives the new claims at the next sign-in', async () => {
    idp.setAccount('changing', { email: 'before@acme-health.example', givenName: 'Before' });
    const first = await signInAs('changing');
    expect(await identity(first.callback, first.request)).toMatchObject({ givenName: 'Before' });
    idp.setAccount('changing', { email: 'after@acme-health.example', givenName: 'After', emailVerified: false });
    const second = await signInAs('changing');
    expect(await identity(second.callback, second.request)).toMatchObject({
      email: 'after@acme-health.example',
      givenName: 'After',
      emailVerified: false,
    });
  });
});

describe('the ID token’s signature, even straight from the token endpoint', () => {
  /** A provider whose token endpoint re-signs its ID tokens, and whose metadata lists none and HS256. */
  let hostile: CustomerOidc;
  beforeAll(async () => {
    hostile = await startCustomerOidc({
      clients: [CLIENT],
      accounts: { 'ann.lee': { email: 'ann@acme-health.example' } },
    });
    hostile.forgeIdTokens('none');
  });
  afterAll(() => hostile?.close());

  it.each([
    ['none', /^The identity provider's ID token is not valid: it is signed with none, /],
    ['hs256', /^The identity provider's ID token is not valid: it is signed with HS256, /],
    [
      'unknown-key',
      /^The identity provider's ID token is not valid: it is not signed with any of the keys the provider publishes/,
    ],
    ['posing-key', /^The identity provider's ID token is not valid: its signature does not verify\.$/],
  ] as const)('refuses an ID token re-signed as %s, its claims unchanged', async (forgery, words) => {
    const at = { ...settings, issuer: hostile.issuer };
    hostile.forgeIdTokens(forgery);
    const { request, callback } = await signInAs('ann.lee', at, hostile);
    const error = await oidcIdentity(at, REDIRECT_URI, callback, request, transport).then(
      () => expect.fail('a forged ID token was accepted'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SsoRefusal);
    expect((error as SsoRefusal).message).toMatch(words);
    expect((error as SsoRefusal).failure).toMatchObject({ reason: 'sso-invalid-response' });
  });

  it('accepts the same provider’s own signature', async () => {
    const at = { ...settings, issuer: hostile.issuer };
    hostile.forgeIdTokens(null);
    const { request, callback } = await signInAs('ann.lee', at, hostile);
    expect(await identity(callback, request, at)).toMatchObject({ email: 'ann@acme-health.example' });
  });
});

describe('refused answers', () => {
  it('refuses a callback whose state is not the sign-in’s', async () => {
    const { request, callback } = await signInAs('ann.lee');
    callback.searchParams.set('state', newOidcRequest().state);
    expect(await refusal(identity(callback, request))).toBe(
      'This answer is not for the sign-in you started (its state does not match). Start the sign-in again.',
    );
  });

  it('refuses an ID token issued for another sign-in’s nonce', async () => {
    const { request, callback } = await signInAs('ann.lee');
    const other = { ...request, nonce: newOidcRequest().nonce };
    expect(await refusal(identity(callback, other))).toBe(
      "The identity provider's ID token was issued for another sign-in (its nonce does not match). Start the sign-in again.",
    );
  });

  it('refuses when the PKCE verifier is not the one the challenge was made from', async () => {
    const { request, callback } = await signInAs('ann.lee');
    const other = { ...request, codeVerifier: newOidcRequest().codeVerifier };
    const message = await refusal(identity(callback, other));
    expect(message).toMatch(
      /^Your organization's identity provider did not sign you in: it would not exchange the sign-in's code \(invalid_grant/,
    );
    expect(message).toContain('PKCE verifier does not match');
  });

  it('refuses a code used twice', async () => {
    const { request, callback } = await signInAs('ann.lee');
    await identity(callback, request);
    expect(await refusal(identity(callback, request))).toMatch(/\(invalid_grant.*the code was used, expired/);
  });

  it('refuses when the provider does not accept the client secret at the token exchange', async () => {
    const { request, callback } = await signInAs('ann.lee');
    const wrongSecret = { ...settings, clientSecret: 'not-the-secret' };
    expect(await refusal(identity(callback, request, wrongSecret))).toBe(
      "Your organization's identity provider did not sign you in: it refused Meridian's client ID or secret (invalid_client). An administrator must check the connection's client secret.",
    );
  });

  it('refuses an error answer in the provider’s own words', async () => {
    const request = newOidcRequest();
    const callback = new URL(REDIRECT_URI);
    callback.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'You are not assigned to this application.',
      state: request.state,
      iss: idp.issuer,
    }).toString();
    expect(await refusal(identity(callback, request))).toBe(
      "Your organization's identity provider did not sign you in: You are not assigned to this application.",
    );
  });

  it('refuses the error the provider really answers when it cannot sign in silently', async () => {
    const request = newOidcRequest();
    const url = new URL(await oidcAuthorizationUrl(settings, REDIRECT_URI, request, transport));
    url.searchParams.set('prompt', 'none');
    const response = await fetch(url, { redirect: 'manual' });
    const callback = new URL(response.headers.get('location')!);
    expect(callback.searchParams.get('error')).toBe('login_required');
    expect(await refusal(identity(callback, request))).toBe(
      "Your organization's identity provider did not sign you in: End-User authentication is required",
    );
  });

  it('refuses an answer from another provider', async () => {
    const { request, callback } = await signInAs('ann.lee', { ...settings, issuer: otherIdp.issuer }, otherIdp);
    expect(await refusal(identity(callback, request))).toBe(
      "This answer does not come from your organization's identity provider (its issuer does not match). Start the sign-in again.",
    );
  });

  it('refuses a sign-in when the issuer cannot be reached', async () => {
    const issuer = `http://127.0.0.1:${await freePort()}`;
    const message = await refusal(
      oidcAuthorizationUrl({ ...settings, issuer }, REDIRECT_URI, newOidcRequest(), transport),
    );
    expect(message).toBe(
      `Your organization's identity provider could not be reached. No identity provider answered at the issuer ${issuer}.`,
    );
  });
});

describe('checkOidcSettings (the console’s Test connection)', () => {
  const check = (at: { issuer: string; clientId: string; clientSecret?: string }, over = transport) =>
    checkOidcSettings(at, over, REDIRECT_URI);

  it('proves the client’s credentials at the token endpoint of a provider that offers the code flow with PKCE', async () => {
    expect(await check(settings)).toEqual({
      ok: true,
      message: `Found ${idp.issuer}: sign-in at ${idp.issuer}/auth. Its token endpoint accepts Meridian's client ID ${CLIENT.clientId} and secret.`,
    });
  });

  it('refuses a wrong client secret (the discovery document alone would have approved it)', async () => {
    const { ok, message } = await check({ ...settings, clientSecret: 'not-the-secret' });
    expect(ok).toBe(false);
    expect(message).toMatch(
      new RegExp(
        `^Found ${idp.issuer}: sign-in at ${idp.issuer}/auth\\. Its token endpoint refused Meridian's client ID ${CLIENT.clientId} or its secret \\(invalid_client`,
      ),
    );
    expect(message).toContain('enter the client secret the provider issued for this client');
  });

  it('refuses a client id the provider does not know', async () => {
    expect((await check({ ...settings, clientId: 'someone-else' })).message).toMatch(
      /Its token endpoint refused Meridian's client ID someone-else or its secret \(invalid_client/,
    );
  });

  it('asks for the secret when none is entered or stored, saying what it found', async () => {
    expect(await check({ issuer: idp.issuer, clientId: CLIENT.clientId })).toEqual({
      ok: false,
      message: `Found ${idp.issuer}: sign-in at ${idp.issuer}/auth. Enter the client secret so that the test can check it at the token endpoint.`,
    });
  });

  it('says why an address is not an issuer', async () => {
    expect(await check({ issuer: `${idp.issuer}/tenant-7`, clientId: 'x' })).toEqual({
      ok: false,
      message: `The issuer ${idp.issuer}/tenant-7 is not an OpenID provider: it has no discovery document at ${idp.issuer}/tenant-7/.well-known/openid-configuration.`,
    });
    expect(await check({ issuer: 'login.acme-health.example', clientId: 'x' })).toEqual({
      ok: false,
      message: 'The issuer must be an address such as https://login.example.com; login.acme-health.example is not.',
    });
  });

  it('asks for https outside development', async () => {
    expect(await check({ issuer: idp.issuer, clientId: 'x' }, { ...transport, allowHttp: false })).toEqual({
      ok: false,
      message: `The issuer must be an https:// address; ${idp.issuer} is not.`,
    });
  });

  it('names the issuer to enter when the address serves another issuer’s document', async () => {
    const typed = idp.issuer.replace('127.0.0.1', 'localhost');
    expect(await check({ issuer: typed, clientId: 'x' })).toEqual({
      ok: false,
      message: `The issuer ${typed} publishes the discovery document of another issuer, ${idp.issuer}: enter exactly that issuer.`,
    });
  });

  it('is a config problem on the issuer field when discovery fails while configuring', async () => {
    await expect(
      discoverOidc({ issuer: 'ftp://idp.example', clientId: 'x' }, transport, 'configure'),
    ).rejects.toMatchObject({
      name: 'SsoConfigProblem',
      field: 'issuer',
      message: 'The issuer must be an address such as https://login.example.com; ftp://idp.example is not.',
    });
  });

  it('says the same of a closed port and of one whose server resets the connection (no port scan)', async () => {
    const resetting = net.createServer((socket) => socket.destroy());
    const open = await new Promise<number>((resolve) =>
      resetting.listen(0, '127.0.0.1', () => resolve((resetting.address() as net.AddressInfo).port)),
    );
    try {
      const messages = await Promise.all(
        [await freePort(), open].map(async (port) => {
          const issuer = `http://127.0.0.1:${port}`;
          const { message } = await check({ issuer, clientId: 'x' });
          return message.replace(issuer, 'ISSUER');
        }),
      );
      expect(messages).toEqual(Array(2).fill('No identity provider answered at the issuer ISSUER.'));
    } finally {
      resetting.close();
    }
  });
});

describe('discovery cache', () => {
  it('keeps a sign-in’s discovery for later sign-ins, not a failed one, and a test reads the provider anew', async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const at = { ...settings, issuer };
    const start = () => oidcAuthorizationUrl(at, REDIRECT_URI, newOidcRequest(), transport);
    expect(await refusal(start())).toMatch(/could not be reached/);
    const late = await startCustomerOidc({ clients: [CLIENT], accounts: {}, port });
    try {
      // The failure was not kept: the provider is found as soon as it answers.
      expect(new URL(await start()).origin).toBe(issuer);
    } finally {
      await late.close();
    }
    // Gone now, but its discovery document is still in hand for sign-ins…
    expect(new URL(await start()).origin).toBe(issuer);
    // …while the console's test asks the provider itself.
    // (Refused, or the kept-alive connection found closed: which one is the socket pool's timing.)
    const { ok, message } = await checkOidcSettings(at, transport, REDIRECT_URI);
    expect(ok).toBe(false);
    expect(message).toBe(`No identity provider answered at the issuer ${issuer}.`);
  });
});

describe('the customer provider’s sign-in page', () => {
  it('asks for a username, filled in from the login hint, with a sign-in button and no script', async () => {
    const url = await oidcAuthorizationUrl(
      settings,
      REDIRECT_URI,
      newOidcRequest(),
      transport,
      'MO@acme-health.example',
    );
    const redirect = await fetch(url, { redirect: 'manual' });
    const page = await fetch(new URL(redirect.headers.get('location')!, idp.issuer), {
      headers: {
        cookie: redirect.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toMatch(/<label for="username">Username<\/label>/);
    expect(html).toMatch(/<input id="username" name="username"[^>]* value="mo.otp"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).not.toMatch(/<script/i);
  });
});

describe('isMultiFactor', () => {
  it.each([
    [['pwd', 'mfa'], undefined, true],
    [['pwd', 'otp'], undefined, true],
    [['hwk', 'pin'], undefined, true],
    [['fpt', 'swk'], undefined, true],
    [['pwd'], undefined, false],
    [['otp', 'sms'], undefined, false],
    [['pwd', 'kba'], undefined, false],
    [['pwd', 'geo'], undefined, false],
    [['http://schemas.microsoft.com/claims/multipleauthn'], undefined, true],
    [undefined, 'urn:okta:loa:2fa:any', true],
    [undefined, 'http://schemas.openid.net/pape/policies/2007/06/multi-factor', true],
    [['pwd'], 'urn:okta:loa:1fa:pwd', false],
    [undefined, 'possessionorinherence', false],
    ['mfa', '1', false],
  ])('amr %j, acr %j: %s', (amr, acr, expected) => {
    expect(isMultiFactor(amr, acr)).toBe(expected);
  });
});
