// Second factors and sign-in sessions through GraphQL (issue 29), against the real platform and its
// provider: sessions come from real sign-ins, so `current` and the addresses are the platform's own.
// Who may read and end what is the operation table's, through the directives; refusals of a session
// id come back in the platform's words, on the argument.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_FACTORS_RESET_MESSAGE } from '@meridian/schema';
import { Browser, discoverConsole, signIn } from '@meridian/platform/test-support';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';

/** Answers are read loosely: each document fixes the shape it asks for (JSON.parse's own any). */
type Json = ReturnType<typeof JSON.parse>;

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway?.close();
});

/** A real sign-in of `email` at the provider: its access token and session id. */
async function signedIn(email: string) {
  const { tokens } = await signIn(gateway.platform, await discoverConsole(gateway.platform), email);
  return { token: tokens.access_token, sid: decodeJwt(tokens.access_token).sid as string };
}

async function data<T = Json>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const { status, body } = await gateway.request(query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data as T;
}

/** The first error's message and code (the field resolves to null with it). */
async function refusal(query: string, variables: Record<string, unknown>, token: string) {
  const { body } = await gateway.request(query, variables, token);
  const error = body.errors?.[0];
  return { message: error?.message, code: error?.extensions?.code };
}

const SECURITY = `query($email: Email!) { user(email: $email) { email
  sessions { id startedAt lastUsedAt userAgent ipAddress methods current } } }`;
const FACTORS = `query($email: Email!) { user(email: $email) { email mfa { enrolled kinds passkeyCount recoveryCodesLeft } } }`;
const REVOKE_ALL = `mutation($email: Email!, $exceptCurrent: Boolean) {
  revokeUserSessions(email: $email, exceptCurrent: $exceptCurrent) { revoked inputErrors { field message } } }`;
const REVOKE_ONE = `mutation($id: ID!) { revokeSession(id: $id) { revoked inputErrors { field message } } }`;
const RESET = `mutation($email: Email!) { resetUserMfa(email: $email) {
  user { email mfa { enrolled kinds passkeyCount recoveryCodesLeft } sessions { id } } inputErrors { field message } } }`;

const FORBIDDEN = { message: MESSAGES.permissionDenied, code: 'FORBIDDEN' };

describe('reading factors and sessions', () => {
  it('shows anyone which second factors they have, and a colleague’s to their managers only', async () => {
    const own = await gateway.tokens.user('user@acme.test');
    const none = { enrolled: false, kinds: [], passkeyCount: 0, recoveryCodesLeft: 0 };
    expect((await data(FACTORS, { email: 'user@acme.test' }, own)).user.mfa).toEqual(none);
    expect(await refusal(FACTORS, { email: 'orgadmin@acme.test' }, own)).toEqual(FORBIDDEN);
    const viewer = await gateway.tokens.user('viewer@meridian.test');
    expect((await data(FACTORS, { email: 'user@acme.test' }, viewer)).user.mfa).toEqual(none);
  });

  it('shows an Org User their own sessions, this browser marked, and a colleague’s to no one but their managers', async () => {
    const first = await signedIn('user@acme.test');
    const second = await signedIn('user@acme.test');
    const { user } = await data(SECURITY, { email: 'user@acme.test' }, second.token);
    const byId = new Map<string, Json>(user.sessions.map((session: Json) => [session.id, session]));
    expect(byId.get(second.sid)).toMatchObject({ current: true, methods: ['pwd'] });
    expect(byId.get(first.sid)).toMatchObject({ current: false });
    expect(byId.get(first.sid).ipAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(Date.parse(byId.get(first.sid).startedAt)).toBeLessThanOrEqual(Date.parse(byId.get(second.sid).startedAt));

    // An Org User may not read a colleague's; their Org Admin reads them, nobody's "current".
    const colleague = await refusal(SECURITY, { email: 'orgadmin@acme.test' }, second.token);
    expect(colleague).toEqual(FORBIDDEN);
    const admin = await gateway.tokens.user('orgadmin@acme.test');
    const managed = await data(SECURITY, { email: 'user@acme.test' }, admin);
    expect(managed.user.sessions.map((s: Json) => s.id)).toEqual(expect.arrayContaining([first.sid, second.sid]));
    expect(managed.user.sessions.some((s: Json) => s.current)).toBe(false);
    // Another tenant's admin does not see the user at all.
    const globex = await gateway.tokens.user('orgadmin@globex.test');
    expect(await refusal(SECURITY, { email: 'user@acme.test' }, globex)).toEqual(FORBIDDEN);
  });
  it('names each session’s browser and system as the platform’s parser read them, and no identity provider for a password', async () => {
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
    const { tokens } = await signIn(gateway.platform, await discoverConsole(gateway.platform), 'user@acme.test', {
      browser: new Browser(headless),
    });
    const sid = decodeJwt(tokens.access_token).sid;
    const { user } = await data(
      `query($email: Email!) { user(email: $email) { sessions { id browser operatingSystem methods identityProvider } } }`,
      { email: 'user@acme.test' },
      tokens.access_token,
    );
    expect(user.sessions.find((session: Json) => session.id === sid)).toEqual({
      id: sid,
      browser: 'Chrome',
      operatingSystem: 'Linux',
      methods: ['pwd'],
      identityProvider: null,
    });
  });
});

describe('ending sessions', () => {
  it('lets a person sign out their other sessions, keeping this one', async () => {
    const other = await signedIn('user@globex.test');
    const here = await signedIn('user@globex.test');
    const { revokeUserSessions } = await data(
      REVOKE_ALL,
      { email: 'user@globex.test', exceptCurrent: true },
      here.token,
    );
    expect(revokeUserSessions).toEqual({ revoked: 1, inputErrors: [] });
    const { user } = await data(SECURITY, { email: 'user@globex.test' }, here.token);
    expect(user.sessions.map((s: Json) => s.id)).toEqual([here.sid]);
    expect(other.sid).not.toBe(here.sid);
    // Signing a colleague out everywhere is their managers' (user:initiate-password-reset).
    expect(await refusal(REVOKE_ALL, { email: 'orgadmin@globex.test' }, here.token)).toEqual(FORBIDDEN);
  });

  it('lets an Org Admin end one session of their user, and names an id that is no live session', async () => {
    const kept = await signedIn('orgadmin@acme.test');
    const ended = await signedIn('orgadmin@acme.test');
    const admin = await gateway.tokens.user('admin@meridian.test');
    const { revokeSession } = await data(REVOKE_ONE, { id: ended.sid }, admin);
    expect(revokeSession).toEqual({ revoked: 1, inputErrors: [] });
    const again = await data(REVOKE_ONE, { id: ended.sid }, admin);
    expect(again.revokeSession.revoked).toBe(0);
    expect(again.revokeSession.inputErrors).toEqual([{ field: 'id', message: expect.any(String) }]);
    expect(again.revokeSession.inputErrors[0].message.length).toBeGreaterThan(10);
    const { user } = await data(SECURITY, { email: 'orgadmin@acme.test' }, kept.token);
    expect(user.sessions.map((s: Json) => s.id)).not.toContain(ended.sid);
    expect(user.sessions.map((s: Json) => s.id)).toContain(kept.sid);
    // Another tenant's session reads the same as none.
    const globex = await gateway.tokens.user('orgadmin@globex.test');
    const foreign = await data(REVOKE_ONE, { id: kept.sid }, globex);
    expect(foreign.revokeSession).toEqual({ revoked: 0, inputErrors: again.revokeSession.inputErrors });
  });

  it('lets an Org Admin sign a user out everywhere', async () => {
    await signedIn('user@acme.test');
    const admin = await gateway.tokens.user('orgadmin@acme.test');
    const { revokeUserSessions } = await data(REVOKE_ALL, { email: 'user@acme.test' }, admin);
    expect(revokeUserSessions.revoked).toBeGreaterThanOrEqual(1);
    expect((await data(SECURITY, { email: 'user@acme.test' }, admin)).user.sessions).toEqual([]);
  });
});

/**
 * Gives `email` an authenticator app, one passkey and ten recovery codes of which `used` are spent,
 * as the provider's enrollment stores them (what is read here is only which rows exist).
 */
async function enroll(email: string, used: number) {
  const db = gateway.platform.db;
  await db.query(`INSERT INTO mfa_totp (email, secret) VALUES ($1, 'encrypted-key')`, [email]);
  await db.query(
    `INSERT INTO mfa_passkeys (id, email, public_key, device_type, name) VALUES ($1, $2, 'key', 'singleDevice', 'Laptop')`,
    [`passkey-${email}`, email],
  );
  for (let i = 0; i < 10; i++)
    await db.query('INSERT INTO mfa_recovery_codes (email, code_hash, used_at) VALUES ($1, $2, $3)', [
      email,
      `hash-${i}`,
      i < used ? new Date() : null,
    ]);
}

describe('resetting second factors', () => {
  it('is for whoever may reset the user’s password, and signs them out everywhere', async () => {
    // Signed in before the factor was set up: a session the reset must end.
    const session = await signedIn('user@globex.test');
    await enroll('user@globex.test', 3);
    const own = await gateway.tokens.user('user@globex.test');
    // Which factors, how many passkeys and codes: never a key.
    expect((await data(FACTORS, { email: 'user@globex.test' }, own)).user.mfa).toEqual({
      enrolled: true,
      kinds: ['TOTP', 'PASSKEY'],
      passkeyCount: 1,
      recoveryCodesLeft: 7,
    });
    expect(await refusal(RESET, { email: 'user@globex.test' }, own)).toEqual(FORBIDDEN);
    const otherTenant = await gateway.tokens.user('orgadmin@acme.test');
    expect(await refusal(RESET, { email: 'user@globex.test' }, otherTenant)).toEqual(FORBIDDEN);

    const admin = await gateway.tokens.user('orgadmin@globex.test');
    const { resetUserMfa } = await data(RESET, { email: 'user@globex.test' }, admin);
    expect(resetUserMfa).toEqual({
      user: {
        email: 'user@globex.test',
        mfa: { enrolled: false, kinds: [], passkeyCount: 0, recoveryCodesLeft: 0 },
        sessions: [],
      },
      inputErrors: [],
    });
    // The session's own token is refused from now on (at the REST API at once; the gateway follows).
    const refused = await fetch(`${gateway.platform.restUrl}/users/user%40globex.test/sessions`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(refused.status).toBe(401);
  });

  it('is never one’s own: an Org Admin is told where to change their factors, which stay', async () => {
    await enroll('orgadmin@globex.test', 0);
    const admin = await gateway.tokens.user('orgadmin@globex.test');
    const { resetUserMfa } = await data(RESET, { email: 'orgadmin@globex.test' }, admin);
    expect(resetUserMfa).toEqual({ user: null, inputErrors: [{ field: 'email', message: OWN_FACTORS_RESET_MESSAGE }] });
    expect((await data(FACTORS, { email: 'orgadmin@globex.test' }, admin)).user.mfa).toMatchObject({ enrolled: true });
  });
});
