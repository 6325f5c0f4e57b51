import { decodeJwt } from 'jose';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, userLimitMessage } from '@meridian/schema';
import { checkLogin } from '../domain/login.js';
import { sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import { findDomainOverlaps } from '../domain/organization-domains.js';
import { createOrganization, updateOrganization } from '../domain/organizations.js';
import { requestPasswordReset } from '../domain/passwords.js';
import { oidcRedirectUri, setSsoConnection } from '../domain/sso/connections.js';
import type { AuditSource } from '../domain/audit.js';
import type { RunningPlatform } from '../server.js';
import { escapeHtml } from '../test-support/html.js';
import { startCustomerOidc, type CustomerOidc } from '../test-support/customer-oidc.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { tokenMinter } from '../test-support/platform.js';
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
const sealer = () => sealedSecrets(platform.config.mfaEncryptionKeys);

beforeAll(async () => {
  ({ platform, close: closePlatform } = await startSignInPlatform('sso'));
  oidc = await discoverConsole(platform);
  customer = await startCustomerOidc({
    clients: [
      { clientId: 'meridian', clientSecret: 'customer-secret', redirectUris: [oidcRedirectUri(platform.config)] },
    ],
    accounts: {
      newcomer: { email: 'New.Person@acme.test', givenName: 'Nora', familyName: 'Newcomer', jobTitle: 'Ward clerk' },
      uma: { email: 'user@acme.test', givenName: 'Uma', familyName: 'Renamed', jobTitle: 'Charge nurse' },
      outsider: { email: 'someone@elsewhere.test' },
      unverified: { email: 'unverified@acme.test', emailVerified: false },
      inactive: { email: 'inactive@acme.test' },
      strong: { email: 'strong@acme.test', amr: ['pwd', 'otp', 'mfa'] },
      weak: { email: 'weak@acme.test' },
      crowd: { email: 'crowd@acme.test' },
      // Issue 39: an address no validator accepts, though its last domain is Acme's.
      doubled: { email: 'a@globex.test@acme.test' },
      // Another person at Acme's provider claiming an email already linked to `uma`.
      'uma-impostor': { email: 'user@acme.test', givenName: 'Imp' },
      deep: { email: 'nurse@ward.clinic.acme.test', givenName: 'Nina', familyName: 'Nurse' },
      ambiguous: { email: 'nurse@clinic.acme.test' },
      tess: { email: 'Tess.Tester@acme.test', givenName: 'Tess', familyName: 'Tester', amr: ['pwd', 'otp'] },
      latecomer: { email: 'latecomer@acme.test' },
    },
  });
  idp = await startSamlIdp();
  await setSsoConnection(db(), sealer(), platform.config, operator, 'acme', {
    protocol: 'oidc',
    issuer: customer.issuer,
    clientId: 'meridian',
    clientSecret: 'customer-secret',
    ssoOnly: true,
  });
  await setSsoConnection(db(), sealer(), platform.config, operator, 'globex', {
    protocol: 'saml',
    metadataXml: idp.metadataXml,
    defaultRole: 'orgAdmin',
    trustIdpMfa: true,
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

/** The sign-in.failed events recorded against an email: their organization and details. */
async function failures(email: string) {
  const { rows } = await db().query<{ organization_id: string; details: Record<string, unknown> }>(
    `SELECT organization_id, details FROM audit_events WHERE action = 'sign-in.failed' AND target_id = $1 ORDER BY id`,
    [email],
  );
  return rows;
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
    expect(await record.json()).toMatchObject({
      provenance: 'sso',
      status: 'active',
      invitation: null,
      jobTitle: 'Ward clerk',
    });
  });

  it('signs an existing person in, their name and job title following the provider’s, and never by password while single sign-on only', async () => {
    const { done, codeVerifier, state } = await signInWithAcme('uma', 'user@acme.test');
    await tokensOf(done, codeVerifier, state);
    expect(await userRow('user@acme.test')).toMatchObject({ name: 'Uma Renamed', sso_subject: 'uma' });
    const { rows: followed } = await db().query<{ job_title: string; changes: { field: string }[] }>(
      `SELECT u.job_title, e.changes FROM users u JOIN audit_events e ON e.target_id = u.email
        WHERE u.email = 'user@acme.test' AND e.action = 'user.update' AND e.actor = 'sso:acme'`,
    );
    expect(followed).toEqual([
      {
        job_title: 'Charge nurse',
        changes: expect.arrayContaining([{ field: 'jobTitle', before: null, after: 'Charge nurse' }]),
      },
    ]);
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
    await db().query(`UPDATE organization_sso SET trust_idp_mfa = true WHERE organization_id = 'acme'`);
    try {
      const weak = await signInWithAcme('weak', 'weak@acme.test');
      expect(isSecondStep(weak.done.url)).toBe(true);
      const strong = await signInWithAcme('strong', 'strong@acme.test');
      const tokens = await tokensOf(strong.done, strong.codeVerifier, strong.state);
      expect(decodeJwt(tokens.id_token!).amr).toEqual(['fed', 'mfa']);
    } finally {
      await db().query(`UPDATE organizations SET require_mfa = false WHERE id = 'acme'`);
      await db().query(`UPDATE organization_sso SET trust_idp_mfa = false WHERE organization_id = 'acme'`);
    }
  });

  it('counts the provider’s amr as the second factor only when the organization trusts it', async () => {
    await db().query(`UPDATE organizations SET require_mfa = true WHERE id = 'acme'`);
    try {
      // amr says pwd otp mfa, but Acme has not said it trusts its provider's word: Meridian asks its own.
      const strong = await signInWithAcme('strong', 'strong@acme.test');
      expect(isSecondStep(strong.done.url)).toBe(true);
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

  it('refuses an email no validator accepts, though it ends in the organization’s domain, and creates no one', async () => {
    const { done } = await signInWithAcme('doubled', 'doubled@acme.test');
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toContain('which is not a valid email address');
    expect(await userRow('a@globex.test@acme.test')).toBeUndefined();
    expect(await failures('a@globex.test@acme.test')).toEqual([
      { organization_id: 'acme', details: { method: 'oidc', reason: 'sso-email-invalid' } },
    ]);
  });

  it('refuses a second subject of the provider for an email already linked, in words, and merges nothing', async () => {
    // `uma` signed in before: user@acme.test is linked to that subject.
    expect(await userRow('user@acme.test')).toMatchObject({ sso_subject: 'uma' });
    const { done } = await signInWithAcme('uma-impostor', 'user@acme.test');
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toContain(
      'belongs to another person at Acme Health’s identity provider (another identifier signed in with it before), so this sign-in was refused rather than joined to that account',
    );
    expect(await userRow('user@acme.test')).toMatchObject({ name: 'Uma Renamed', sso_subject: 'uma' });
    expect((await failures('user@acme.test')).at(-1)).toEqual({
      organization_id: 'acme',
      details: { method: 'oidc', reason: 'sso-subject-mismatch' },
    });
  });

  it('routes an email of a subdomain by label to the organization holding its parent domain', async () => {
    const { done } = await signInWithAcme('deep', 'nurse@ward.clinic.acme.test');
    expect(done.url.href.startsWith(consoleRedirectUri(platform))).toBe(true);
    expect(await userRow('nurse@ward.clinic.acme.test')).toMatchObject({ organization_id: 'acme' });
  });

  it('records the provider’s refusal as a failed sign-in, with the method and the provider’s own error', async () => {
    const { browser, next } = await identify('refused@acme.test');
    const state = next.url.searchParams.get('state')!;
    const callback = new URL(oidcRedirectUri(platform.config));
    callback.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'The user is not assigned to Meridian.',
      state,
      iss: customer.issuer,
    }).toString();
    const done = await comeBack(browser, callback);
    expect(done.response.status).toBe(403);
    expect(await done.response.text()).toContain('The user is not assigned to Meridian.');
    expect(await failures('refused@acme.test')).toEqual([
      {
        organization_id: 'acme',
        details: {
          method: 'oidc',
          reason: 'sso-idp-error',
          idpError: 'access_denied',
          idpErrorDescription: 'The user is not assigned to Meridian.',
        },
      },
    ]);
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
    expect(await done.response.text()).toContain(escapeHtml(MESSAGES.inactiveUser));
  });

  it('signs nobody in, and creates nobody, while the organization is not active: a deactivated user’s words', async () => {
    for (const status of ['deploying', 'offboarding', 'offboarded']) {
      await db().query(`UPDATE organizations SET status = $1 WHERE id = 'acme'`, [status]);
      try {
        const existing = await signInWithAcme('uma', 'user@acme.test');
        expect(existing.done.response.status, status).toBe(403);
        expect(await existing.done.response.text()).toContain(escapeHtml(MESSAGES.inactiveUser));
        const newcomer = await signInWithAcme('latecomer', 'latecomer@acme.test');
        expect(newcomer.done.response.status, status).toBe(403);
        expect(await userRow('latecomer@acme.test')).toBeUndefined();
      } finally {
        await db().query(`UPDATE organizations SET status = 'active' WHERE id = 'acme'`);
      }
    }
    const { rows } = await db().query<{ target_id: string; details: { reason: string } }>(
      `SELECT target_id, details FROM audit_events WHERE action = 'sign-in.failed' AND organization_id = 'acme'
        ORDER BY id DESC LIMIT 2`,
    );
    expect(rows).toEqual([
      { target_id: 'latecomer@acme.test', details: { reason: 'organization-inactive', method: 'oidc' } },
      { target_id: 'user@acme.test', details: { reason: 'organization-inactive', method: 'oidc' } },
    ]);
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
    const ssoAction = /<form action="([^"]+\/sso)" method="post">/.exec(choice)![1]!;
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

  it('records a response that does not verify as a failed sign-in, with the method and what did not verify', async () => {
    await signInWithGlobex('forged@globex.test', {
      tamper: (xml) => xml.replace(/forged@globex\.test/g, 'orgadmin@globex.test'),
    });
    expect(await failures('forged@globex.test')).toEqual([
      {
        organization_id: 'globex',
        details: { method: 'saml', reason: 'sso-invalid-response', refusal: 'signature' },
      },
    ]);
  });

  it('records the IdP’s refusal (its status) as a failed sign-in', async () => {
    const { done } = await signInWithGlobex('unassigned@globex.test', {
      tamper: (xml) =>
        xml.replace(
          /<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"\s*\/>/,
          '<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Requester"/><samlp:StatusMessage>Not assigned</samlp:StatusMessage>',
        ),
    });
    expect(done.response.status).toBe(403);
    expect(await userRow('unassigned@globex.test')).toBeUndefined();
    expect(await failures('unassigned@globex.test')).toEqual([
      {
        organization_id: 'globex',
        details: {
          method: 'saml',
          reason: 'sso-idp-error',
          samlStatus: 'Requester',
          samlStatusMessage: 'Not assigned',
        },
      },
    ]);
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

describe('an operator’s test sign-in (nobody is signed in or created)', () => {
  const tokens = () => tokenMinter(platform.keys, platform.config);
  async function rest(method: 'GET' | 'POST', path: string, token?: string) {
    const response = await fetch(`${platform.restUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token ?? (await tokens().user('admin@meridian.test'))}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const start = async (organizationId: string) => {
    const { status, body } = await rest('POST', `/organization/${organizationId}/sso/test-sign-in`);
    expect(status).toBe(200);
    return body as { url: string; state: string; expiresAt: string };
  };
  const result = (organizationId: string, state: string, token?: string) =>
    rest('GET', `/organization/${organizationId}/sso/test-sign-in/${encodeURIComponent(state)}`, token);
  const signInEvents = async (email: string) =>
    (await db().query(`SELECT action FROM audit_events WHERE target_id = $1 AND action LIKE 'sign-in%'`, [email])).rows;

  it('shows an OIDC provider’s claims and what Meridian would do with them, then returns to the console', async () => {
    const test = await start('acme');
    expect(new URL(test.url).origin).toBe(new URL(customer.issuer).origin);
    expect((await result('acme', test.state)).body).toMatchObject({ answered: false, verified: null, returned: [] });
    const callback = await customer.signIn(test.url, 'tess');
    const back = await new Browser().follow(callback, origin());
    // Back in the console's Sign-in tab of the organization, which reads the result by its state.
    expect(back.url.href).toBe(
      `${platform.config.consoleUrl}/admin/org-management/acme/update/sign-in?ssoTest=${encodeURIComponent(test.state)}`,
    );
    const { status, body } = await result('acme', test.state);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      protocol: 'oidc',
      answered: true,
      verified: true,
      message: null,
      preview: {
        email: 'tess.tester@acme.test',
        outcome: 'create',
        refusal: null,
        role: 'orgUser',
        existingUser: false,
        name: 'Tess Tester',
        providerSaidMfa: true,
        // Acme does not trust its provider's amr, and requires no factor: none is asked.
        secondFactor: 'none',
      },
    });
    expect(body.returned).toEqual(
      expect.arrayContaining([
        { name: 'sub', value: 'tess' },
        { name: 'email', value: 'Tess.Tester@acme.test' },
        { name: 'email_verified', value: 'true' },
        { name: 'amr', value: '["pwd","otp"]' },
        { name: 'iss', value: customer.issuer },
      ]),
    );
    expect(await userRow('tess.tester@acme.test')).toBeUndefined();
    expect(await signInEvents('tess.tester@acme.test')).toEqual([]);
    // The same answer posted again is not a second result.
    expect((await new Browser().follow(callback, origin())).response.status).toBe(400);
  });

  it('answers the result only to the person who started it, and lets no Org User start one', async () => {
    const test = await start('acme');
    const tool = await tokens().client('meridian-cli', 'systemAdmin', 'meridian');
    expect((await result('acme', test.state, tool)).status).toBe(404);
    expect((await result('globex', test.state)).status).toBe(404);
    // The organization's own Org Admin may try its connection, but not read the operator's try.
    const orgAdmin = await tokens().user('orgadmin@acme.test');
    expect((await result('acme', test.state, orgAdmin)).status).toBe(404);
    expect((await rest('POST', '/organization/acme/sso/test-sign-in', orgAdmin)).status).toBe(200);
    const orgUser = await tokens().user('user@acme.test');
    expect((await rest('POST', '/organization/acme/sso/test-sign-in', orgUser)).status).toBe(403);
  });

  it('says an existing person would be signed in, and a refused one why', async () => {
    const existing = await start('acme');
    await new Browser().follow(await customer.signIn(existing.url, 'uma'), origin());
    expect((await result('acme', existing.state)).body).toMatchObject({
      verified: true,
      preview: { email: 'user@acme.test', outcome: 'sign-in', role: 'orgUser', existingUser: true },
    });
    const outsider = await start('acme');
    const failedBefore = (await failures('someone@elsewhere.test')).length;
    await new Browser().follow(await customer.signIn(outsider.url, 'outsider'), origin());
    expect((await result('acme', outsider.state)).body).toMatchObject({
      verified: true,
      preview: {
        outcome: 'refuse',
        refusal:
          'someone@elsewhere.test is not an address of Acme Health (acme.test): its identity provider signs in only people of its own domains.',
      },
    });
    // A test is nobody's failed sign-in.
    expect(await failures('someone@elsewhere.test')).toHaveLength(failedBefore);
  });

  it('shows a provider’s refusal as the result, not as anyone’s failed sign-in', async () => {
    const test = await start('acme');
    const callback = new URL(oidcRedirectUri(platform.config));
    callback.search = new URLSearchParams({
      error: 'access_denied',
      state: test.state,
      iss: customer.issuer,
    }).toString();
    await new Browser().follow(callback, origin());
    expect((await result('acme', test.state)).body).toMatchObject({
      answered: true,
      verified: false,
      message: "Your organization's identity provider did not sign you in: access_denied",
      preview: null,
    });
    expect(await failures('sso:acme')).toEqual([]);
  });

  it('shows a SAML IdP’s subject and attributes', async () => {
    const test = await start('globex');
    const post = await idp.respond(test.url, { email: 'Sid@globex.test', givenName: 'Sid', familyName: 'Saml' });
    const back = await new Browser().follow(
      post.acsUrl,
      origin(),
      formBody({ SAMLResponse: post.SAMLResponse, RelayState: post.RelayState }),
    );
    expect(back.url.pathname).toBe('/admin/org-management/globex/update/sign-in');
    const { body } = await result('globex', test.state);
    expect(body).toMatchObject({
      protocol: 'saml',
      verified: true,
      preview: { email: 'sid@globex.test', outcome: 'create', role: 'orgAdmin', existingUser: false },
    });
    expect(body.returned).toEqual(
      expect.arrayContaining([
        { name: 'nameID', value: 'Sid@globex.test' },
        { name: 'nameIDFormat', value: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' },
        { name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', value: 'Sid@globex.test' },
      ]),
    );
    expect(await userRow('sid@globex.test')).toBeUndefined();
  });
});

describe('one domain, one organization, compared lower-case and by label', () => {
  const another = (id: string, domain: string[]) =>
    createOrganization(db(), operator, {
      id,
      name: `Org ${id}`,
      domain,
      primaryContact: { name: 'Pat', email: `pat@${id}.example` },
      customer_segment: 'employer',
      medicare_licensed: false,
    });
  const refusedWith = (message: string) => ({ conflicts: [{ param: 'domain', message }] });

  it('refuses a domain another organization holds, whatever its case, naming it and the rule', async () => {
    await expect(updateOrganization(db(), operator, 'initech', { domain: ['acme.test'] })).rejects.toMatchObject(
      refusedWith(
        'Domain acme.test is already a domain of Acme Health: no organization may hold a domain equal to, under or above another organization’s.',
      ),
    );
    for (const variant of ['ACME.test', 'Acme.Test', ' acme.TEST '])
      await expect(updateOrganization(db(), operator, 'initech', { domain: [variant] })).rejects.toMatchObject(
        refusedWith(
          'Domain acme.test is already a domain of Acme Health: no organization may hold a domain equal to, under or above another organization’s.',
        ),
      );
    await expect(another('acme-two', ['GLOBEX.test'])).rejects.toMatchObject({ conflicts: [{ param: 'domain' }] });
  });

  it('refuses a domain under or above another organization’s', async () => {
    await expect(updateOrganization(db(), operator, 'initech', { domain: ['clinic.acme.test'] })).rejects.toMatchObject(
      refusedWith(
        'Domain clinic.acme.test lies under acme.test, a domain of Acme Health: no organization may hold a domain equal to, under or above another organization’s.',
      ),
    );
    await updateOrganization(db(), operator, 'initech', { domain: ['initech.test', 'east.umbrella.test'] });
    await expect(another('umbrella', ['Umbrella.test'])).rejects.toMatchObject(
      refusedWith(
        'Domain umbrella.test lies above east.umbrella.test, a domain of Org initech: no organization may hold a domain equal to, under or above another organization’s.'.replace(
          'Org initech',
          'Initech Clinics',
        ),
      ),
    );
    // A name that merely ends in the same letters is another domain.
    await another('notacme', ['notacme.test']);
  });

  it('stores domains lower-case and once', async () => {
    const created = await another('wayne', ['Wayne.TEST', 'wayne.test', ' Gotham.Wayne.Test ']);
    expect(created.domain).toEqual(['wayne.test', 'gotham.wayne.test']);
    const updated = await updateOrganization(db(), operator, 'wayne', { domain: ['WAYNE.test'] });
    expect(updated.domain).toEqual(['wayne.test']);
  });

  it('routes no one of a domain two organizations held before the rule, and reports them', async () => {
    // Written as an older release could have (migration 020 lower-cases, but does not choose an owner).
    await db().query(`UPDATE organizations SET domain = array_append(domain, 'Clinic.ACME.test') WHERE id = 'globex'`);
    try {
      expect(await findDomainOverlaps(db())).toContainEqual({
        organizationId: 'acme',
        domain: 'acme.test',
        otherOrganizationId: 'globex',
        otherDomain: 'Clinic.ACME.test',
      });
      // The first step no longer sends the email to Acme's provider (nor Globex's): the password step.
      const { next } = await identify('nurse@clinic.acme.test');
      expect(next.url.origin).toBe(origin());
      expect(await next.response.text()).toContain('name="password"');
      // Nor may Acme's provider vouch for it when its answer arrives.
      const { done } = await signInWithAcme('ambiguous', 'someone@acme.test');
      expect(done.response.status).toBe(403);
      expect(await done.response.text()).toContain('is held by more than one organization');
      expect(await userRow('nurse@clinic.acme.test')).toBeUndefined();
      expect(await failures('nurse@clinic.acme.test')).toEqual([
        { organization_id: 'acme', details: { method: 'oidc', reason: 'sso-domain-ambiguous' } },
      ]);
    } finally {
      await db().query(
        `UPDATE organizations SET domain = array_remove(domain, 'Clinic.ACME.test') WHERE id = 'globex'`,
      );
    }
  });
});
