import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import type { RunningPlatform } from '../server.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';

import {
  Browser,
  discoverConsole,
  formAction,
  formBody,
  signIn as signInAt,
  startSignInPlatform,
} from '../test-support/sign-in.js';

// Sessions through the real provider: tokens come from real sign-ins, so they carry the sid the
// provider gives them, and every REST call is a real HTTP request with that token.

let platform: RunningPlatform;
let closePlatform: (() => Promise<void>) | undefined;
let consoleClient: client.Configuration;

beforeAll(async () => {
  ({ platform, close: closePlatform } = await startSignInPlatform('sessions'));
  consoleClient = await discoverConsole(platform);
});

afterAll(() => closePlatform?.());

interface SignedIn {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  sid: string;
  browser: Browser;
}

async function signIn(email: string): Promise<SignedIn> {
  const { tokens, browser } = await signInAt(platform, consoleClient, email);
  const sid = decodeJwt(tokens.access_token).sid;
  expect(typeof sid).toBe('string');
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token!,
    idToken: tokens.id_token!,
    sid: sid as string,
    browser,
  };
}

async function rest(method: string, url: string, as: SignedIn | null, body?: object) {
  const response = await fetch(`${platform.restUrl}${url}`, {
    method,
    headers: {
      ...(as ? { authorization: `Bearer ${as.accessToken}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

interface ListedSession {
  id: string;
  startedAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  browser: string | null;
  operatingSystem: string | null;
  identityProvider: string | null;
  clientIp: string | null;
  methods: string[];
  current: boolean;
}

async function sessionsOf(email: string, as: SignedIn): Promise<ListedSession[]> {
  const answer = await rest('GET', `/users/${email}/sessions`, as);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.sessions as ListedSession[];
}

/** The REST API still takes the token: the caller's own record answers. */
const ownRecord = (as: SignedIn, email: string) => rest('GET', `/user/email/${email}`, as);

/** The session's token is refused in the words of why it ended (issue 39), and it cannot be refreshed. */
async function expectEnded(as: SignedIn, email: string, message: string) {
  expect(await ownRecord(as, email)).toEqual({ status: 401, body: { message } });
  await expect(client.refreshTokenGrant(consoleClient, as.refreshToken)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
}

async function revocationEvents(email: string) {
  const { rows } = await platform.db.query<{ actor: string; details: { count: number } }>(
    `SELECT actor, details FROM audit_events WHERE action = 'session.revoke' AND target_id = $1 ORDER BY id`,
    [email],
  );
  return rows.map((row) => ({ actor: row.actor, count: row.details.count }));
}

describe('tokens of a sign-in session', () => {
  it('name the session (sid) and say when the person signed in, in the access and the ID token', async () => {
    const before = Math.floor(Date.now() / 1000) - 1;
    const session = await signIn('user@globex.test');
    const access = decodeJwt(session.accessToken);
    expect(access.auth_time).toBeGreaterThanOrEqual(before);
    // A password alone (RFC 8176), in both tokens.
    expect(access.amr).toEqual(['pwd']);
    expect(decodeJwt(session.idToken)).toMatchObject({ auth_time: access.auth_time, amr: ['pwd'] });

    // A refreshed token stays in the same session.
    const refreshed = await client.refreshTokenGrant(consoleClient, session.refreshToken);
    expect(decodeJwt(refreshed.access_token)).toMatchObject({
      sid: session.sid,
      auth_time: access.auth_time,
      amr: ['pwd'],
    });
  });

  it('of an internal tool (client credentials) have no session', async () => {
    const cli = await client.discovery(
      new URL(platform.issuer),
      platform.config.cliClientId,
      platform.config.cliClientSecret,
      undefined,
      { execute: [client.allowInsecureRequests] },
    );
    const tokens = await client.clientCredentialsGrant(cli, { scope: 'api_access' });
    expect(decodeJwt(tokens.access_token).sid).toBeUndefined();
  });
});

describe('a user’s sessions', () => {
  it('are listed newest first, the caller’s own marked current, with the browser and address', async () => {
    const first = await signIn('user@acme.test');
    const second = await signIn('user@acme.test');
    const listed = await sessionsOf('user@acme.test', second);
    expect(listed.map((session) => session.id).slice(0, 2)).toEqual([second.sid, first.sid]);
    expect(listed.filter((session) => session.current).map((session) => session.id)).toEqual([second.sid]);
    expect(listed[0]).toMatchObject({
      userAgent: expect.any(String),
      clientIp: expect.stringMatching(/127\.0\.0\.1/),
      methods: ['pwd'],
    });
    expect(Date.parse(listed[0]!.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    // An Org Admin sees them too, none of them theirs.
    const admin = await signIn('orgadmin@acme.test');
    const seen = await sessionsOf('user@acme.test', admin);
    expect(seen.map((session) => session.id)).toEqual(listed.map((session) => session.id));
    expect(seen.some((session) => session.current)).toBe(false);
  });

  it('name the browser and system as a maintained parser reads them: headless Chromium is Chrome', async () => {
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
    const { tokens } = await signInAt(platform, consoleClient, 'user@acme.test', { browser: new Browser(headless) });
    const session = { accessToken: tokens.access_token } as SignedIn;
    const sid = decodeJwt(tokens.access_token).sid;
    const listed = (await sessionsOf('user@acme.test', session)).find((each) => each.id === sid);
    // The console's own pattern had read this as "Safari on Linux" (issue 39).
    expect(listed).toMatchObject({ userAgent: headless, browser: 'Chrome', operatingSystem: 'Linux' });
    // A password sign-in names no identity provider.
    expect(listed).toMatchObject({ methods: ['pwd'], identityProvider: null });
  });

  it('move their last use on each refresh', async () => {
    const session = await signIn('user@acme.test');
    const [before] = (await sessionsOf('user@acme.test', session)).filter((s) => s.id === session.sid);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await client.refreshTokenGrant(consoleClient, session.refreshToken);
    const [after] = (await sessionsOf('user@acme.test', session)).filter((s) => s.id === session.sid);
    expect(Date.parse(after!.lastUsedAt)).toBeGreaterThan(Date.parse(before!.lastUsedAt));
  });

  it('are not another user’s to list or end: an Org User is refused, another tenant’s admin finds nothing', async () => {
    const user = await signIn('user@acme.test');
    const admin = await signIn('orgadmin@acme.test');
    expect((await rest('GET', '/users/orgadmin@acme.test/sessions', user)).status).toBe(403);
    expect((await rest('POST', '/users/orgadmin@acme.test/sessions/revoke', user, {})).status).toBe(403);
    expect(await rest('DELETE', `/sessions/${admin.sid}`, user)).toEqual({
      status: 404,
      body: { message: 'Session not found.' },
    });

    const globex = await signIn('orgadmin@globex.test');
    expect(await rest('GET', '/users/user@acme.test/sessions', globex)).toEqual({
      status: 404,
      body: { message: MESSAGES.userNotFound },
    });
    expect((await rest('POST', '/users/user@acme.test/sessions/revoke', globex, {})).status).toBe(404);
    expect(await rest('DELETE', `/sessions/${user.sid}`, globex)).toEqual({
      status: 404,
      body: { message: 'Session not found.' },
    });
    expect((await rest('DELETE', '/sessions/no-such-session', globex)).status).toBe(404);
    // Nothing of theirs ended.
    expect((await ownRecord(user, 'user@acme.test')).status).toBe(200);
    expect((await ownRecord(admin, 'orgadmin@acme.test')).status).toBe(200);
  });
});

describe('ending sessions', () => {
  it('signs out everywhere but here: the other session’s token is refused at once and cannot be refreshed', async () => {
    const here = await signIn('user@globex.test');
    const elsewhere = await signIn('user@globex.test');
    const answer = await rest('POST', '/users/user@globex.test/sessions/revoke', here, { exceptCurrent: true });
    expect(answer.status).toBe(200);
    expect(answer.body.revoked).toBeGreaterThanOrEqual(1);
    // The person's own doing: "you signed out elsewhere" is true here.
    await expectEnded(elsewhere, 'user@globex.test', MESSAGES.signedOutElsewhere);
    expect((await ownRecord(here, 'user@globex.test')).status).toBe(200);
    expect((await sessionsOf('user@globex.test', here)).map((session) => session.id)).toEqual([here.sid]);
    expect((await revocationEvents('user@globex.test')).at(-1)).toEqual({
      actor: 'user@globex.test',
      count: answer.body.revoked,
    });
  });

  it('ends one session: the owner’s own, or one of a user the caller manages', async () => {
    const own = await signIn('user@acme.test');
    expect(await rest('DELETE', `/sessions/${own.sid}`, own)).toEqual({ status: 200, body: { revoked: 1 } });
    await expectEnded(own, 'user@acme.test', MESSAGES.signedOutElsewhere);

    const managed = await signIn('user@acme.test');
    const admin = await signIn('orgadmin@acme.test');
    expect(await rest('DELETE', `/sessions/${managed.sid}`, admin)).toEqual({ status: 200, body: { revoked: 1 } });
    await expectEnded(managed, 'user@acme.test', 'An administrator signed you out.');
    expect((await revocationEvents('user@acme.test')).at(-1)).toEqual({ actor: 'orgadmin@acme.test', count: 1 });
    // An ended session is not found again.
    expect((await rest('DELETE', `/sessions/${managed.sid}`, admin)).status).toBe(404);
  });

  it('signs a user out everywhere at an administrator’s request, and the feed lists the ended sessions', async () => {
    const start = (await rest('GET', '/session-revocations', null)).body;
    const one = await signIn('user@acme.test');
    const two = await signIn('user@acme.test');
    const admin = await signIn('orgadmin@acme.test');
    const answer = await rest('POST', '/users/user@acme.test/sessions/revoke', admin, {});
    expect(answer.status).toBe(200);
    expect(answer.body.revoked).toBeGreaterThanOrEqual(2);
    // Told as what it was (issue 39), never "you signed out elsewhere".
    await expectEnded(one, 'user@acme.test', 'An administrator signed you out.');
    await expectEnded(two, 'user@acme.test', MESSAGES.signedOutByAdministrator);
    const { rows: reasons } = await platform.db.query<{ end_reason: string }>(
      'SELECT end_reason FROM user_sessions WHERE sid = ANY($1)',
      [[one.sid, two.sid]],
    );
    expect(reasons.map((row) => row.end_reason)).toEqual(['administrator', 'administrator']);
    expect(await sessionsOf('user@acme.test', admin)).toEqual([]);

    // The gateways' feed: no token needed, only the ended sessions' ids after the cursor.
    const feed = await rest('GET', `/session-revocations?after=${start.cursor as number}`, null);
    expect(feed.status).toBe(200);
    expect(feed.body.sids).toEqual(expect.arrayContaining([one.sid, two.sid]));
    expect(feed.body.retainSeconds).toBeGreaterThanOrEqual(300);
    expect(JSON.stringify(feed.body)).not.toContain('@');
    const next = await rest('GET', `/session-revocations?after=${feed.body.cursor as number}`, null);
    expect(next.body).toMatchObject({ cursor: feed.body.cursor, sids: [] });
    // A cursor no sequence number reaches (beyond a safe integer) is the caller's mistake, never a 500.
    expect((await rest('GET', '/session-revocations?after=99999999999999999999', null)).status).toBe(400);
  });

  it('ends every session of a deactivated user', async () => {
    const session = await signIn('user@globex.test');
    const admin = await signIn('orgadmin@globex.test');
    const deactivated = await rest('PUT', '/user', admin, { email: 'user@globex.test', active: false });
    expect(deactivated.status).toBe(200);
    try {
      await expect(client.refreshTokenGrant(consoleClient, session.refreshToken)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      const { rows } = await platform.db.query(
        'SELECT 1 FROM user_sessions WHERE sid = $1 AND revoked_at IS NOT NULL',
        [session.sid],
      );
      expect(rows).toHaveLength(1);
    } finally {
      await rest('PUT', '/user', admin, { email: 'user@globex.test', active: true });
    }
    // Active again, the old session stays ended: it ended, and they are no longer deactivated.
    await expectEnded(session, 'user@globex.test', MESSAGES.sessionEnded);
    const { rows } = await platform.db.query('SELECT end_reason FROM user_sessions WHERE sid = $1', [session.sid]);
    expect(rows).toEqual([{ end_reason: 'deactivated' }]);
  });

  it('ends every session of the users a bulk deactivation deactivates', async () => {
    const session = await signIn('user@globex.test');
    const admin = await signIn('orgadmin@globex.test');
    const body = (active: boolean) => ({ active, emails: ['user@globex.test'] });
    const answer = await rest('POST', '/user/bulk/active?organizationId=globex', admin, body(false));
    expect(answer.status).toBe(200);
    await rest('POST', '/user/bulk/active?organizationId=globex', admin, body(true));
    await expectEnded(session, 'user@globex.test', MESSAGES.sessionEnded);
  });

  it('ends every session when a password is set with an emailed link', async () => {
    const session = await signIn('user@globex.test');
    expect((await rest('POST', '/password/forgot', null, { email: 'user@globex.test' })).status).toBe(202);
    const { rows } = await platform.db.query<{ link: string }>(
      `SELECT link FROM outbox WHERE recipient = 'user@globex.test' ORDER BY id DESC LIMIT 1`,
    );
    const token = new URL(rows[0]!.link).searchParams.get('token')!;
    const { rows: before } = await platform.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email = 'user@globex.test'`,
    );
    try {
      const created = await rest('POST', '/password/create', null, { token, password: 'a-new-password-29' });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      await expectEnded(session, 'user@globex.test', MESSAGES.passwordChangedElsewhere);
    } finally {
      // The fixture's password again, for the tests after this one.
      await platform.db.query(`UPDATE users SET password_hash = $1 WHERE email = 'user@globex.test'`, [
        before[0]!.password_hash,
      ]);
    }
  });

  it('ends the other sessions when a person changes their own password, not the one they changed it in', async () => {
    const here = await signIn('user@globex.test');
    const elsewhere = await signIn('user@globex.test');
    const { rows: before } = await platform.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email = 'user@globex.test'`,
    );
    try {
      const changed = await rest('POST', '/password/change', here, {
        currentPassword: FIXTURE_PASSWORD,
        newPassword: 'a-changed-password-29',
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(204);
      await expectEnded(elsewhere, 'user@globex.test', MESSAGES.passwordChangedElsewhere);
      expect((await ownRecord(here, 'user@globex.test')).status).toBe(200);
    } finally {
      // The fixture's password again, for the tests after this one.
      await platform.db.query(`UPDATE users SET password_hash = $1 WHERE email = 'user@globex.test'`, [
        before[0]!.password_hash,
      ]);
    }
  });

  it('ends every session when an administrator resets the password', async () => {
    const session = await signIn('user@globex.test');
    const admin = await signIn('orgadmin@globex.test');
    expect((await rest('POST', '/user/user@globex.test/password-reset', admin)).status).toBe(202);
    await expectEnded(session, 'user@globex.test', MESSAGES.passwordResetByAdministrator);
  });

  it('ends every session when an administrator resets the second factors, saying so', async () => {
    const session = await signIn('user@globex.test');
    const admin = await signIn('orgadmin@globex.test');
    expect((await rest('POST', '/users/user@globex.test/mfa/reset', admin)).status).toBeLessThan(300);
    await expectEnded(session, 'user@globex.test', 'An administrator reset your second factors.');
  });

  it('ends the session the console signs out of', async () => {
    const session = await signIn('orgadmin@globex.test');
    const logoutUrl = client.buildEndSessionUrl(consoleClient, {
      id_token_hint: session.idToken,
      post_logout_redirect_uri: `${platform.config.consoleUrl}/`,
    });
    const html = await (await session.browser.fetch(logoutUrl)).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await session.browser.fetch(formAction(html)!, formBody({ xsrf, logout: 'yes' }));
    expect(confirmed.status).toBe(303);
    await expectEnded(session, 'orgadmin@globex.test', MESSAGES.signedOutElsewhere);
  });
});
