import { decodeJwt } from 'jose';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLimitMessage } from '@meridian/schema';
import { checkLogin } from '../domain/login.js';
import { secretBox } from '../domain/mfa/secret-box.js';
import { createOrganization, updateOrganization } from '../domain/organizations.js';
import { requestPasswordReset } from '../domain/passwords.js';
import { oidcRedirectUri, setSsoConnection } from '../domain/sso/connections.js';
import type { AuditSource } from '../domain/audit.js';
import type { RunningPlatform } from '../server.js';
import { escapeHtml } from './login-page.js';
import { startCustomerOidc, type CustomerOidc } from '../test-support/customer-oidc.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { startSamlIdp, type SamlIdp } from '../test-support/saml-idp.js';
import {
  Browser,
  consoleRedirectUri,
  discoverConsole,
  formAction,
  formBody,
  isSecondStep,
  openSignIn,
  redeemCode,
  startSignInPlatform,
} from '../test-support/sign-in.js';

// Single sign-on at the real provider, over HTTP (issue 30): identifier first, a real customer OpenID
// provider (oidc-provider) for Acme and a real SAML IdP (samlify) for Globex, what their answers may
// do, and what they may not.

let platform: RunningPlatform;
let closePlatform: (() => Promise<void>) | undefined;
let oidc: client.Configuration;
let customer: CustomerOidc;
let idp: SamlIdp;

const operator: AuditSource = {
  actor: { id: 'admin@meridian.test', kind: 'user', role: 'systemAdmin', organizationId: 'meridian' },
  origin: { requestId: null, clientIp: null },
};
const origin = () => new URL(platform.issuer).origin;
const box = () => secretBox(platform.config.mfaEncryptionKeys);

beforeAll(async () => {
  ({ platform, close: closePlatform } = await startSignInPlatform('sso'));
  oidc = await discoverConsole(platform);
  customer = await startCustomerOidc({
    clients: [
      { clientId: 'meridian', clientSecret: 'customer-secret', redirectUris: [oidcRedirectUri(platform.config)] },
    ],
    accounts: {
      newcomer: { email: 'New.Person@acme.test', givenName: 'Nora', familyName: 'Newcomer' },
      uma: { email: 'user@acme.test', givenName: 'Uma', familyName: 'Renamed' },
      outsider: { email: 'someone@elsewhere.test' },
      unverified: { email: 'unverified@acme.test', emailVerified: false },
      inactive: { email: 'inactive@acme.test' },
      strong: { email: 'strong@acme.test', amr: ['pwd', 'otp', 'mfa'] },
      weak: { email: 'weak@acme.test' },
      crowd: { email: 'crowd@acme.test' },
    },
  });
  idp = await startSamlIdp();
  await setSsoConnection(db(), box(), platform.config, operator, 'acme', {
    protocol: 'oidc',
    issuer: customer.issuer,
    clientId: 'meridian',
    clientSecret: 'customer-secret',
    ssoOnly: true,
  });
  await setSsoConnection(db(), box(), platform.config, operator, 'globex', {
    protocol: 'saml',
    metadataXml: idp.metadataXml,
    defaultRole: 'orgAdmin',
  });
});

afterAll(async () => {
  await customer?.close();
  await idp?.close();
  await closePlatform?.();
});

const db = () => platform.db;

/** Opens the console's sign-in and posts the email (the first step); answers where that led. */
async function identify(email: string, browser = new Browser()) {
  const started = await openSignIn(platform, oidc, browser);
  const page = await started.response.text();
  const next = await browser.follow(new URL(formAction(page)!, started.landed), origin(), formBody({ email }));
  return { ...started, browser, next };
}

/** Follows the customer provider's answer back through our callback to wherever the sign-in ends. */
const comeBack = (browser: Browser, callback: URL) => browser.follow(callback, origin());

/** A whole OIDC sign-in of the customer's account `sub` (email of Acme): the final response and URL. */
async function signInWithAcme(sub: string, email: string) {
  const { browser, next, codeVerifier, state } = await identify(email);
  expect(next.url.origin).toBe(new URL(customer.issuer).origin);
  const done = await comeBack(browser, await customer.signIn(next.url.href, sub));
  return { browser, done, codeVerifier, state };
}

async function tokensOf(done: { url: URL }, codeVerifier: string, state: string) {
  expect(done.url.href.startsWith(consoleRedirectUri(platform))).toBe(true);
  return redeemCode(oidc, done.url, codeVerifier, state);
}

async function userRow(email: string) {
  const { rows } = await db().query<{ name: string; role: string; organization_id: string; sso_subject: string }>(
    'SELECT name, role, organization_id, sso_subject FROM users WHERE email = $1',
    [email],
  );
  return rows[0];
}

describe('OpenID Connect (Acme, single sign-on only)', () => {
  it('sends an email of the domain straight to the customer’s provider with PKCE, state, nonce and the email as hint', async () => {
    const { next } = await identify('someone.new@acme.test');
    const url = next.url;
    expect(`${url.origin}${url.pathname}`).toBe(`${customer.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe('meridian');
    expect(url.searchParams.get('redirect_uri')).toBe(oidcRedirectUri(platform.config));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('login_hint')).toBe('someone.new@acme.test');
  });

  it('creates a new person at their first sign-in, with the connection’s role and the provider’s names, recorded as the connection', async () => {
    const { done, codeVerifier, state } = await signInWithAcme('newcomer', 'new.person@acme.test');
    const tokens = await tokensOf(done, codeVerifier, state);
    const claims = decodeJwt(tokens.id_token!);
    expect(claims.sub).toBe('new.person@acme.test');
    expect(claims.amr).toEqual(['fed']);
    expect(await userRow('new.person@acme.test')).toEqual({
      name: 'Nora Newcomer',
      role: 'orgUser',
      organization_id: 'acme',
      sso_subject: 'newcomer',
    });
    const { rows } = await db().query<{ actor: string; actor_kind: string; details: unknown }>(
      `SELECT actor, actor_kind, details FROM audit_events WHERE action = 'user.create' AND target_id = $1`,
      ['new.person@acme.test'],
    );
    expect(rows).toEqual([
      { actor: 'sso:acme', actor_kind: 'connection', details: { provisionedBy: 'OpenID Connect' } },
    ]);

    // Issue 39: how they came and that they signed in, and their session names the identity provider.
    const { rows: person } = await db().query<{ provenance: string; signed_in: boolean }>(
      `SELECT provenance, last_sign_in_at > now() - interval '1 minute' AS signed_in FROM users WHERE email = $1`,
      ['new.person@acme.test'],
    );
    expect(person).toEqual([{ provenance: 'sso', signed_in: true }]);
    const listed = await fetch(`${platform.restUrl}/users/new.person@acme.test/sessions`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const { sessions } = (await listed.json()) as { sessions: { methods: string[]; identityProvider: string }[] };
    expect(sessions[0]).toMatchObject({ methods: ['fed'], identityProvider: new URL(customer.issuer).host });
    const record = await fetch(`${platform.restUrl}/user/email/new.person@acme.test`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await record.json()).toMatchObject({ provenance: 'sso', status: 'active', invitation: null });
  });

  it('signs an existing person in, their name following the provider’s, and never by password while single sign-on only', async () => {
    const { done, codeVerifier, state } = await signInWithAcme('uma', 'user@acme.test');
    await tokensOf(done, codeVerifier, state);
    expect(await userRow('user@acme.test')).toMatchObject({ name: 'Uma Renamed', sso_subject: 'uma' });
    const refused = await checkLogin(db(), platform.config, 'user@acme.test', FIXTURE_PASSWORD, {
      requestId: null,
      clientIp: null,
    });
    expect(refused).toMatchObject({ ok: false, status: 403 });
    expect(!refused.ok && refused.body.message).toMatch(/Acme Health signs in through its own identity provider/);
    // No reset link goes out either; the trail says why.
    await requestPasswordReset(db(), operator, 'user@acme.test', platform.config);
    const { rows } = await db().query<{ details: { linkSent: boolean; reason?: string } }>(
      `SELECT details FROM audit_events WHERE action = 'password.reset-request' AND target_id = 'user@acme.test'`,
    );
    expect(rows.at(-1)!.details).toEqual({ linkSent: false, reason: 'sso-only' });
  });

  it('asks for the organization’s own second factor when it requires one and the provider did not vouch for it', async () => {
    await db().query(`UPDATE organizations SET require_mfa = true WHERE id = 'acme'`);
    try {
      const weak = await signInWithAcme('weak', 'weak@acme.test');
      expect(isSecondStep(weak.done.url)).toBe(true);
      const strong = await signInWithAcme('strong', 'strong@acme.test');
      const tokens = await tokensOf(strong.done, strong.codeVerifier, strong.state);
      expect(decodeJwt(tokens.id_token!).amr).toEqual(['fed', 'mfa']);
    } finally {
      await db().query(`UPDATE organizations SET require_mfa = false WHERE id = 'acme'`);
    }
  });

  it('refuses an email outside the organization’s domains, in words', async () => {
    const { done } = await signInWithAcme('outsider', 'anyone@acme.test');
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toContain(
      'someone@elsewhere.test is not an address of Acme Health (acme.test): its identity provider signs in only people of its own domains.',
    );
    expect(await userRow('someone@elsewhere.test')).toBeUndefined();
  });

  it('refuses an email the provider has not verified', async () => {
    const { done } = await signInWithAcme('unverified', 'unverified@acme.test');
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toContain('has not verified your email address (unverified@acme.test)');
    expect(await userRow('unverified@acme.test')).toBeUndefined();
  });

  it('keeps a deactivated user out whatever the provider says', async () => {
    const { done } = await signInWithAcme('inactive', 'inactive@acme.test');
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toContain('Your Meridian account is deactivated.');
  });

  it('refuses a newcomer when the organization is full, in the user limit’s words', async () => {
    const { rows } = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE organization_id = 'acme' AND active`,
    );
    await db().query(
      `UPDATE organizations SET licenses = jsonb_set(licenses, '{user_limit}', to_jsonb($1::int)) WHERE id = 'acme'`,
      [rows[0]!.n],
    );
    try {
      const { done } = await signInWithAcme('crowd', 'crowd@acme.test');
      expect(done.response.status).toBe(403);
      const html = await done.response.text();
      expect(html).toContain(escapeHtml(userLimitMessage(rows[0]!.n)));
      expect(html).toContain('Ask your administrator to make room for you.');
      expect(await userRow('crowd@acme.test')).toBeUndefined();
    } finally {
      await db().query(
        `UPDATE organizations SET licenses = jsonb_set(licenses, '{user_limit}', '20'::jsonb) WHERE id = 'acme'`,
      );
    }
  });

  it('finishes a sign-in only in the browser that started it (no login CSRF)', async () => {
    const { next } = await identify('crowd@acme.test');
    const callback = await customer.signIn(next.url.href, 'crowd');
    // Another browser (an attacker's link) reaches the callback: the answer is verified, but the
    // interaction is not theirs, so it cannot be finished there.
    const stranger = await comeBack(new Browser(), callback);
    expect(stranger.response.status).toBe(400);
    expect(stranger.url.pathname).toMatch(/\/sso\/complete$/);
    expect(await userRow('crowd@acme.test')).toBeUndefined();
  });

  it('never routes an operator to a customer’s provider: they keep the password step', async () => {
    await db().query(
      `INSERT INTO users (email, organization_id, name, password_hash, role)
       SELECT 'ops@acme.test', 'meridian', 'Otto Ops', password_hash, 'systemAdmin' FROM users WHERE email = 'admin@meridian.test'`,
    );
    const { next } = await identify('ops@acme.test');
    expect(next.url.origin).toBe(origin());
    expect(await next.response.text()).toContain('name="password"');
    const allowed = await checkLogin(db(), platform.config, 'ops@acme.test', FIXTURE_PASSWORD, {
      requestId: null,
      clientIp: null,
    });
    expect(allowed.ok).toBe(true);
  });
});

describe('SAML (Globex, passwords allowed too)', () => {
  /** The first step, then "Continue with Globex's sign-in", then the IdP's response posted to our ACS. */
  async function signInWithGlobex(email: string, options: Parameters<SamlIdp['respond']>[2] = {}) {
    const { browser, next, codeVerifier, state } = await identify(email);
    const choice = await next.response.text();
    expect(choice).toContain('Continue with Globex Care’s sign-in');
    const ssoAction = /<form method="post" action="([^"]+\/sso)">/.exec(choice)![1]!;
    const toIdp = await browser.follow(new URL(ssoAction, next.url), origin(), formBody({ email }));
    expect(toIdp.url.origin).toBe(new URL(idp.metadataUrl).origin);
    const post = await idp.respond(toIdp.url.href, { email, givenName: 'Sam', familyName: 'Saml' }, options);
    const body = formBody({ SAMLResponse: post.SAMLResponse, RelayState: post.RelayState });
    const done = await browser.follow(post.acsUrl, origin(), body);
    return { browser, done, codeVerifier, state, post };
  }

  it('offers the organization’s sign-in beside the password when the connection is not single sign-on only', async () => {
    const { next } = await identify('user@globex.test');
    const html = await next.response.text();
    expect(html).toContain('Continue with Globex Care’s sign-in');
    expect(html).toContain('name="password"');
  });

  it('signs a new person in through the IdP with the connection’s role, and refuses the same response replayed', async () => {
    const { done, codeVerifier, state, post } = await signInWithGlobex('sam@globex.test', {
      authnContextClassRef: 'http://schemas.microsoft.com/claims/multipleauthn',
    });
    const tokens = await tokensOf(done, codeVerifier, state);
    expect(decodeJwt(tokens.id_token!).amr).toEqual(['fed', 'mfa']);
    expect(await userRow('sam@globex.test')).toMatchObject({
      name: 'Sam Saml',
      role: 'orgAdmin',
      organization_id: 'globex',
    });

    const replay = await new Browser().follow(
      post.acsUrl,
      origin(),
      formBody({ SAMLResponse: post.SAMLResponse, RelayState: post.RelayState }),
    );
    expect(replay.response.status).toBe(400);
    expect(await replay.response.text()).toContain('does not belong to a sign-in in progress');
  });

  it('refuses a tampered response, in words', async () => {
    const { done } = await signInWithGlobex('tamper@globex.test', {
      tamper: (xml) => xml.replace(/tamper@globex\.test/g, 'orgadmin@globex.test'),
    });
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toMatch(/could not be verified/);
    expect(await userRow('tamper@globex.test')).toBeUndefined();
  });

  it('refuses a response meant for another service provider (audience)', async () => {
    const { done } = await signInWithGlobex('audience@globex.test', { audience: 'https://elsewhere.example/sp' });
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toMatch(/audience/i);
  });

  it('refuses an expired response', async () => {
    const { done } = await signInWithGlobex('late@globex.test', { notOnOrAfter: new Date(Date.now() - 10 * 60_000) });
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toMatch(/expired/i);
  });

  it('serves Meridian’s service provider metadata for the IdP to import', async () => {
    const response = await fetch(`${platform.issuer}/sso/saml/globex/metadata`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`entityID="${platform.issuer}/sso/saml/globex"`);
    expect(xml).toContain(`Location="${platform.issuer}/sso/saml/globex/acs"`);
  });
});

describe('one domain, one organization', () => {
  it('refuses a domain another organization claims, naming it', async () => {
    await expect(updateOrganization(db(), operator, 'initech', { domain: ['acme.test'] })).rejects.toMatchObject({
      conflicts: [
        {
          param: 'domain',
          message: 'acme.test is already a domain of Acme Health: a domain belongs to one organization.',
        },
      ],
    });
    await expect(
      createOrganization(db(), operator, {
        id: 'acme-two',
        name: 'Acme Two',
        domain: ['globex.test'],
        primaryContact: { name: 'Pat', email: 'pat@globex.test' },
        customer_segment: 'employer',
        medicare_licensed: false,
      }),
    ).rejects.toMatchObject({ conflicts: [{ param: 'domain' }] });
  });
});
