import { generateSecret } from 'otplib';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import type { AuditSource } from '../domain/audit.js';
import { recordSignIn } from '../domain/login.js';
import { sealedIn, sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import { requestPasswordReset } from '../domain/passwords.js';
import type { RunningPlatform } from '../server.js';
import { upsertTotp } from '../stores/mfa.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { tokenMinter } from '../test-support/platform.js';
import {
  Browser,
  discoverConsole,
  formAction,
  formBody,
  isSecondStep,
  openSignIn,
  redeemCode,
  startSignInPlatform,
  submitCode,
  submitSignIn,
  totpCode,
} from '../test-support/sign-in.js';
import { escapeHtml } from '../test-support/html.js';

// "Only single sign-on" cannot lock a hospital out (issue 39 §4): its Org Admins keep their password
// with a second factor as the emergency way in unless an operator takes it away (and only an operator
// may), the provider's pages keep offering the identity provider after a refused attempt, and the
// platform counts what a save would change before the console asks to confirm it.

let platform: RunningPlatform;
let closePlatform: (() => Promise<void>) | undefined;
let oidc: client.Configuration;
let tokens: ReturnType<typeof tokenMinter>;

/** Saving a connection never contacts the issuer: nothing listens on port 1. */
const OIDC = { protocol: 'oidc', issuer: 'http://127.0.0.1:1/', clientId: 'meridian', clientSecret: 'customer-secret' };
const operator: AuditSource = {
  actor: { id: 'admin@meridian.test', kind: 'user', role: 'systemAdmin', organizationId: 'meridian' },
  origin: { requestId: null, clientIp: null },
};

beforeAll(async () => {
  ({ platform, close: closePlatform } = await startSignInPlatform('sso-emergency'));
  oidc = await discoverConsole(platform);
  tokens = tokenMinter(platform.keys, platform.config);
});

afterAll(() => closePlatform?.());

/** A REST call as `email` (a fixture user): the status and the parsed body. */
async function rest(email: string, method: 'GET' | 'PUT', path: string, body?: unknown) {
  const response = await fetch(`${platform.restUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${await tokens.user(email)}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const connectionOf = async (organizationId: string) =>
  (await rest('admin@meridian.test', 'GET', `/organization/${organizationId}/sso`)).body.connection as Record<
    string,
    unknown
  > | null;

/** A new active person of `organization` with the fixture password. */
async function newUser(email: string, role: 'orgAdmin' | 'orgUser', organization = 'acme') {
  await platform.db.query(
    `INSERT INTO users (email, organization_id, name, password_hash, role, active)
     SELECT $1, $2, 'Test Person', password_hash, $3, true FROM users WHERE email = 'user@acme.test'`,
    [email, organization, role],
  );
  return email;
}

/** Gives `email` an authenticator app; answers its key. */
async function withTotp(email: string) {
  const key = generateSecret();
  const sealed = await sealedSecrets(platform.config.mfaEncryptionKeys).seal('totp', sealedIn.totp(email), key);
  await upsertTotp(platform.db, email, sealed, 0);
  return key;
}

/** The whole password step through the provider's form (email and password posted together). */
async function passwordStep(email: string, password = FIXTURE_PASSWORD, browser = new Browser()) {
  const { response, landed, codeVerifier, state } = await openSignIn(platform, oidc, browser);
  const done = await submitSignIn(platform, browser, await response.text(), landed, email, password);
  return { browser, ...done, page: await done.response.text(), codeVerifier, state };
}

/** The first step's post of an email alone, or with the quiet "emergency access" button. */
async function identify(email: string, intent?: 'emergency') {
  const browser = new Browser();
  const { response, landed } = await openSignIn(platform, oidc, browser);
  const page = await response.text();
  const action = new URL(formAction(page)!, landed);
  const fields: Record<string, string> = intent ? { email, intent } : { email };
  const next = await browser.follow(action, new URL(platform.issuer).origin, formBody(fields));
  return { browser, landed: next.url, response: next.response, page: await next.response.text() };
}

const continueWith = (organizationName: string) => escapeHtml(`Continue with ${organizationName}’s sign-in`);

async function latestEvent(action: string, target: string) {
  const { rows } = await platform.db.query<{ details: unknown; changes: unknown }>(
    'SELECT details, changes FROM audit_events WHERE action = $1 AND target_id = $2 ORDER BY id DESC LIMIT 1',
    [action, target],
  );
  return rows[0];
}

describe('who may change the Org Admins’ emergency access', () => {
  it('lets an Org Admin connect their own organization, single sign-on only, with their admins’ emergency access on', async () => {
    const saved = await rest('orgadmin@acme.test', 'PUT', '/organization/acme/sso', { ...OIDC, ssoOnly: true });
    expect(saved.status).toBe(200);
    expect(saved.body.connection).toMatchObject({ protocol: 'oidc', ssoOnly: true, adminEmergencyAccess: true });
  });

  it('refuses an Org Admin who sends it, either way, and keeps what is stored', async () => {
    for (const adminEmergencyAccess of [false, true]) {
      const refused = await rest('orgadmin@acme.test', 'PUT', '/organization/acme/sso', {
        ...OIDC,
        ssoOnly: true,
        adminEmergencyAccess,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(MESSAGES.permissionDenied);
    }
    expect(await connectionOf('acme')).toMatchObject({ adminEmergencyAccess: true });
  });

  it('lets an operator take it away, audited; an Org Admin’s later save leaves it away', async () => {
    const saved = await rest('admin@meridian.test', 'PUT', '/organization/acme/sso', {
      ...OIDC,
      ssoOnly: true,
      adminEmergencyAccess: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.connection).toMatchObject({ adminEmergencyAccess: false });
    expect((await latestEvent('sso.set', 'acme'))!.changes).toEqual([
      { field: 'sso.adminEmergencyAccess', before: true, after: false },
    ]);
    const orgAdminSave = await rest('orgadmin@acme.test', 'PUT', '/organization/acme/sso', {
      ...OIDC,
      ssoOnly: true,
      defaultRole: 'orgUser',
    });
    expect(orgAdminSave.status).toBe(200);
    expect(orgAdminSave.body.connection).toMatchObject({ adminEmergencyAccess: false });
    // Given back by an operator for the sign-ins below.
    const restored = await rest('admin@meridian.test', 'PUT', '/organization/acme/sso', {
      ...OIDC,
      ssoOnly: true,
      adminEmergencyAccess: true,
    });
    expect(restored.body.connection).toMatchObject({ adminEmergencyAccess: true });
  });

  it('answers what the customer’s IT enters at their provider before any connection is saved', async () => {
    const { body } = await rest('orgadmin@globex.test', 'GET', '/organization/globex/sso');
    const issuer = platform.issuer.replace(/\/$/, '');
    expect(body).toEqual({
      connection: null,
      serviceProvider: {
        redirectUri: `${issuer}/sso/oidc/callback`,
        entityId: `${issuer}/sso/saml/globex`,
        acsUrl: `${issuer}/sso/saml/globex/acs`,
        metadataUrl: `${issuer}/sso/saml/globex/metadata`,
      },
    });
  });
});

describe('signing in to an organization that signs in only through its identity provider', () => {
  let adminKey = '';

  beforeAll(async () => {
    adminKey = await withTotp('orgadmin@acme.test');
    await newUser('admin2@acme.test', 'orgAdmin');
  });

  it('lets its Org Admin in with their password and then their second factor', async () => {
    const step = await passwordStep('orgadmin@acme.test');
    expect(isSecondStep(step.url)).toBe(true);
    const done = await submitCode(platform, step.browser, step.page, step.url, await totpCode(adminKey));
    const signedIn = await redeemCode(oidc, done.url, step.codeVerifier, step.state);
    expect(signedIn.claims()).toMatchObject({ sub: 'orgadmin@acme.test', amr: ['pwd', 'otp', 'mfa'] });
  });

  it('refuses an Org Admin without a second factor, saying what to do', async () => {
    const step = await passwordStep('admin2@acme.test');
    expect(step.response.status).toBe(403);
    expect(isSecondStep(step.url)).toBe(false);
    expect(step.page).toContain(
      escapeHtml(
        'An Org Admin’s password works only as emergency access, with a second factor, and this account has none',
      ),
    );
    expect((await latestEvent('sign-in.failed', 'admin2@acme.test'))!.details).toEqual({
      reason: 'emergency-access-without-second-factor',
    });
  });

  it('refuses its other people their password, and answers a wrong password alike for everyone', async () => {
    const refused = await passwordStep('user@acme.test');
    expect(refused.response.status).toBe(403);
    expect(refused.page).toContain('Acme Health signs in through its own identity provider');
    // Who holds the emergency way in is not told by a wrong password.
    const wrongAdmin = await passwordStep('orgadmin@acme.test', 'not-the-password-1');
    const wrongUser = await passwordStep('user@acme.test', 'not-the-password-1');
    expect([wrongAdmin.response.status, wrongUser.response.status]).toEqual([401, 401]);
    expect(wrongUser.page).toContain(escapeHtml(MESSAGES.invalidCredentials));
    expect(wrongAdmin.page).toContain(escapeHtml(MESSAGES.invalidCredentials));
  });

  it('offers the password step to any email that asks for emergency access, the identity provider first', async () => {
    for (const email of ['orgadmin@acme.test', 'user@acme.test', 'nobody@acme.test']) {
      const { response, page } = await identify(email, 'emergency');
      expect(response.status, email).toBe(200);
      expect(page).toContain(continueWith('Acme Health'));
      expect(page).toContain('Emergency access: your Meridian password');
      expect(page).toContain('<label for="password">Password</label>');
    }
  });

  it('keeps the way to the identity provider on the page after a wrong password', async () => {
    const { browser, landed, page } = await identify('orgadmin@acme.test', 'emergency');
    const passwordForm = [...page.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => m[1]!).at(-1)!;
    const again = await browser.follow(
      new URL(passwordForm.replace(/&amp;/g, '&'), landed),
      new URL(platform.issuer).origin,
      formBody({ email: 'orgadmin@acme.test', password: 'not-the-password-1' }),
    );
    const text = await again.response.text();
    expect(again.response.status).toBe(401);
    expect(text).toContain(escapeHtml(MESSAGES.invalidCredentials));
    expect(text).toContain(continueWith('Acme Health'));
    expect(text).toContain('Emergency access: your Meridian password');
  });

  it('mails its Org Admin a password link, but not its other people', async () => {
    await requestPasswordReset(platform.db, operator, 'orgadmin@acme.test', platform.config);
    await requestPasswordReset(platform.db, operator, 'user@acme.test', platform.config);
    expect((await latestEvent('password.reset-request', 'orgadmin@acme.test'))!.details).toEqual({ linkSent: true });
    expect((await latestEvent('password.reset-request', 'user@acme.test'))!.details).toEqual({
      linkSent: false,
      reason: 'sso-only',
    });
  });

  it('keeps even its Org Admins to the identity provider once an operator takes the emergency access away', async () => {
    await rest('admin@meridian.test', 'PUT', '/organization/acme/sso', {
      ...OIDC,
      ssoOnly: true,
      adminEmergencyAccess: false,
    });
    try {
      const refused = await passwordStep('orgadmin@acme.test');
      expect(refused.response.status).toBe(403);
      expect(refused.page).toContain('Acme Health signs in through its own identity provider');
    } finally {
      await rest('admin@meridian.test', 'PUT', '/organization/acme/sso', {
        ...OIDC,
        ssoOnly: true,
        adminEmergencyAccess: true,
      });
    }
  });
});

describe('a connection that still allows passwords', () => {
  beforeAll(async () => {
    const saved = await rest('admin@meridian.test', 'PUT', '/organization/globex/sso', OIDC);
    expect(saved.status).toBe(200);
  });

  it('keeps “Continue with …’s sign-in” on the page after a wrong password, and after an empty one', async () => {
    const { browser, landed, page } = await identify('user@globex.test');
    expect(page).toContain(continueWith('Globex Care'));
    expect(page).toContain('Or use your Meridian password');
    const passwordForm = [...page.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => m[1]!).at(-1)!;
    const post = (password: string) =>
      browser.follow(
        new URL(passwordForm.replace(/&amp;/g, '&'), landed),
        new URL(platform.issuer).origin,
        formBody({ email: 'user@globex.test', password }),
      );
    for (const [password, status] of [
      ['not-the-password-1', 401],
      ['', 400],
    ] as const) {
      const again = await post(password);
      expect(again.response.status).toBe(status);
      const text = await again.response.text();
      expect(text).toContain('role="alert"');
      expect(text).toContain(continueWith('Globex Care'));
    }
  });
});

describe('what a save would change, counted by the platform', () => {
  const impact = async (email = 'orgadmin@globex.test') =>
    (await rest(email, 'GET', '/organization/globex/sign-in-impact')).body;

  it('counts the people “Only single sign-on” takes password sign-in from, admins and their factors apart', async () => {
    // Globex: its Org Admin and Org User.
    expect(await impact()).toEqual({
      ssoOnlyPeople: 2,
      ssoOnlyOrgAdmins: 1,
      ssoOnlyOrgAdminsWithSecondFactor: 0,
      recentSsoPeople: 0,
      peopleWithoutSecondFactor: 2,
    });
    await newUser('second.admin@globex.test', 'orgAdmin', 'globex');
    await withTotp('second.admin@globex.test');
    await newUser('clinic@mail.globex.test', 'orgUser', 'globex');
    // Outside the organization's domains: the connection does not route them, but they need a factor too.
    await newUser('contractor@elsewhere.test', 'orgUser', 'globex');
    await newUser('gone@globex.test', 'orgUser', 'globex');
    await platform.db.query(`UPDATE users SET active = false WHERE email = 'gone@globex.test'`);
    expect(await impact()).toEqual({
      ssoOnlyPeople: 4,
      ssoOnlyOrgAdmins: 2,
      ssoOnlyOrgAdminsWithSecondFactor: 1,
      recentSsoPeople: 0,
      peopleWithoutSecondFactor: 4,
    });
  });

  it('counts the people who signed in through the identity provider in the last 30 days, each once', async () => {
    const person = {
      email: 'user@globex.test',
      name: 'Gia Globex',
      role: 'orgUser' as const,
      organizationId: 'globex',
    };
    const origin = { requestId: null, clientIp: null };
    await recordSignIn(platform.db, origin, person, ['fed']);
    await recordSignIn(platform.db, origin, person, ['fed', 'mfa']);
    // A password sign-in, and one through the identity provider 31 days ago, are not counted.
    await recordSignIn(platform.db, origin, { ...person, email: 'orgadmin@globex.test' }, ['pwd']);
    await platform.db.query(
      `INSERT INTO audit_events (occurred_at, actor, actor_kind, action, organization_id, target_type, target_id, details)
       VALUES (now() - interval '31 days', 'clinic@mail.globex.test', 'user', 'sign-in', 'globex', 'user',
               'clinic@mail.globex.test', '{"methods": ["fed"]}')`,
    );
    expect(await impact()).toMatchObject({ recentSsoPeople: 1 });
  });

  it('is read by whoever reads the organization, and by no other organization', async () => {
    expect((await rest('viewer@meridian.test', 'GET', '/organization/globex/sign-in-impact')).status).toBe(200);
    expect((await rest('orgadmin@acme.test', 'GET', '/organization/globex/sign-in-impact')).status).toBe(403);
    expect((await rest('user@globex.test', 'GET', '/organization/globex/sign-in-impact')).status).toBe(403);
  });
});
