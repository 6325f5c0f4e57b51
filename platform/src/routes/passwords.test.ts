import Fastify from 'fastify';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MESSAGES, PASSWORD_POLICY_MESSAGE, PASSWORD_REUSE_MESSAGE } from '@meridian/schema';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { RESET_MAIL_INTERVAL_MS } from '../domain/passwords.js';
import { devRoutes } from './dev.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const LINK_UNUSABLE = 'This link has expired or was already used. Ask for a new one.';
const NEW_PASSWORD = 'brand-new-password-7';

async function call(method: 'GET' | 'POST', url: string, caller?: string | { client: true }, payload?: object) {
  const headers =
    caller === undefined
      ? {}
      : typeof caller === 'string'
        ? await platform.auth(caller)
        : { authorization: `Bearer ${await platform.tokens.client('meridian-cli', 'systemAdmin', 'meridian')}` };
  return platform.rest.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  createdAt: string;
}

async function outbox(recipient: string): Promise<OutboxMail[]> {
  const response = await call('GET', `/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** Asks for a reset link the way the forgot-password page does and reads the token from the mail. */
async function forgot(email: string): Promise<string> {
  const response = await call('POST', '/password/forgot', undefined, { email });
  expect(response.statusCode).toBe(202);
  const [mail] = await outbox(email);
  return new URL(mail!.link!).searchParams.get('token')!;
}

/** Moves `email`'s links back past the reset-mail interval, as if that time had passed. */
async function pastResetInterval(email: string): Promise<void> {
  await platform.db.query(
    `UPDATE password_tokens SET created_at = created_at - make_interval(secs => $2) WHERE email = $1`,
    [email, RESET_MAIL_INTERVAL_MS / 1000 + 1],
  );
}

/** How many of `email`'s links would still set a password. */
async function usableLinks(email: string): Promise<number> {
  const { rows } = await platform.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM password_tokens WHERE email = $1 AND used_at IS NULL AND expires_at > now()',
    [email],
  );
  return rows[0]!.n;
}

const createPassword = (token: string, password: string) =>
  call('POST', '/password/create', undefined, { token, password });

async function passwordRow(email: string) {
  const { rows } = await platform.db.query<{ password_hash: string; password_changed_at: Date }>(
    'SELECT password_hash, password_changed_at FROM users WHERE email = $1',
    [email],
  );
  return rows[0]!;
}

describe('POST /password/forgot', () => {
  it('mails an active user a one-time link to the console, without a token', async () => {
    const response = await call('POST', '/password/forgot', undefined, { email: 'User@Acme.test' });
    expect(response.statusCode).toBe(202);
    const [mail] = await outbox('user@acme.test');
    expect(mail).toMatchObject({ recipient: 'user@acme.test', subject: 'Set your Meridian password' });
    expect(mail!.link).toMatch(new RegExp(`^${platform.config.consoleUrl}/create-password\\?token=`));
    expect(mail!.body).toContain(mail!.link);
    expect(mail!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers an unknown or inactive email exactly the same, and mails nothing', async () => {
    const known = await call('POST', '/password/forgot', undefined, { email: 'user@globex.test' });
    for (const email of ['nobody@acme.test', 'inactive@acme.test']) {
      const response = await call('POST', '/password/forgot', undefined, { email });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(known.json());
      expect(await outbox(email)).toEqual([]);
    }
  });

  it('mails one link for a flood of requests, answering each alike, and a later request closes it', async () => {
    const email = 'flood@acme.test';
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash)
         SELECT $1, 'acme', 'Flo Od', password_hash FROM users WHERE email = 'user@acme.test'`,
      [email],
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/password/forgot', undefined, { email })),
    );
    const unknown = await call('POST', '/password/forgot', undefined, { email: 'nobody.flood@acme.test' });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(unknown.body);
    }
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(await usableLinks(email)).toBe(1);
    const { rows: events } = await platform.db.query(
      `SELECT details FROM audit_events WHERE action = 'password.reset-request' AND target_id = $1`,
      [email],
    );
    expect(events).toEqual([{ details: { linkSent: true } }]);
    const first = new URL(mails[0]!.link!).searchParams.get('token')!;

    // Once the interval has passed, a new request mails a new link and closes the older one.
    await pastResetInterval(email);
    const second = await forgot(email);
    expect(second).not.toBe(first);
    expect(await outbox(email)).toHaveLength(2);
    expect(await usableLinks(email)).toBe(1);
    expect((await createPassword(first, NEW_PASSWORD)).json()).toEqual({ message: LINK_UNUSABLE });
    expect((await createPassword(second, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('names an email that is not an address', async () => {
    const response = await call('POST', '/password/forgot', undefined, { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { param: string }) => d.param)).toEqual(['email']);
  });
});

describe('POST /password/create', () => {
  it('sets the password once per link, keeping the link through a refused password', async () => {
    const email = 'orgadmin@acme.test';
    await platform.db.query(`UPDATE users SET password_changed_at = now() - interval '85 days' WHERE email = $1`, [
      email,
    ]);
    await platform.db.query('INSERT INTO login_failures (email) VALUES ($1), ($1)', [email]);
    const token = await forgot(email);

    const weak = await createPassword(token, 'short1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toEqual([{ param: 'password', msg: PASSWORD_POLICY_MESSAGE }]);
    const reused = await createPassword(token, FIXTURE_PASSWORD);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().details).toEqual([{ param: 'password', msg: PASSWORD_REUSE_MESSAGE }]);

    const before = Date.now();
    expect((await createPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    const row = await passwordRow(email);
    expect(await verify(row.password_hash, NEW_PASSWORD)).toBe(true);
    expect(row.password_changed_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const failures = await platform.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_failures WHERE email = $1',
      [email],
    );
    expect(failures.rows[0]!.n).toBe(0);
    const user = (await call('GET', `/user/email/${email}`, email)).json();
    expect(user).toMatchObject({ isPasswordExpiring: false, daysLeftForPasswordExpiry: 90 });

    const again = await createPassword(token, 'yet-another-password-8');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: LINK_UNUSABLE });
  });

  it('refuses an expired link, an unknown one, and links older than a newer password', async () => {
    const expired = await forgot('user@globex.test');
    await platform.db.query(
      `UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE email = 'user@globex.test'`,
    );
    expect((await createPassword(expired, NEW_PASSWORD)).json()).toEqual({ message: LINK_UNUSABLE });
    expect((await createPassword('not-a-token', NEW_PASSWORD)).json()).toEqual({ message: LINK_UNUSABLE });

    const older = await forgot('orgadmin@globex.test');
    await pastResetInterval('orgadmin@globex.test');
    const newer = await forgot('orgadmin@globex.test');
    expect((await createPassword(newer, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await createPassword(older, 'older-link-password-9')).json()).toEqual({ message: LINK_UNUSABLE });
  });
});

describe('POST /password/link', () => {
  it('names the account of a usable link without using it, and refuses a spent one in the same words', async () => {
    const token = await forgot('user@acme.test');
    const link = await call('POST', '/password/link', undefined, { token });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ email: 'user@acme.test', purpose: 'reset' });
    expect(Date.parse(link.json().expiresAt)).toBeGreaterThan(Date.now());
    // Asked twice, still usable: it is the password that uses it.
    expect((await call('POST', '/password/link', undefined, { token })).statusCode).toBe(200);
    const { rows } = await platform.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      ['user@acme.test'],
    );
    try {
      expect((await createPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
      expect((await call('POST', '/password/link', undefined, { token })).json()).toEqual({ message: LINK_UNUSABLE });
      expect((await call('POST', '/password/link', undefined, { token: 'not-a-token' })).statusCode).toBe(400);
    } finally {
      await platform.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [
        'user@acme.test',
        rows[0]!.password_hash,
      ]);
    }
  });
});

describe('POST /password/change', () => {
  const change = (caller: string | { client: true }, currentPassword: string, newPassword: string) =>
    call('POST', '/password/change', caller, { currentPassword, newPassword });

  it("changes the signed-in user's password", async () => {
    expect((await change('viewer@meridian.test', FIXTURE_PASSWORD, NEW_PASSWORD)).statusCode).toBe(204);
    expect(await verify((await passwordRow('viewer@meridian.test')).password_hash, NEW_PASSWORD)).toBe(true);
  });

  it('names a wrong current password, a weak new one, and the current one reused', async () => {
    const wrong = await change('user@acme.test', 'not-my-password-1', NEW_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ param: 'currentPassword', msg: 'Current password is incorrect.' }]);
    const weak = await change('user@acme.test', FIXTURE_PASSWORD, 'abc');
    expect(weak.json().details).toEqual([{ param: 'newPassword', msg: PASSWORD_POLICY_MESSAGE }]);
    const reused = await change('user@acme.test', FIXTURE_PASSWORD, FIXTURE_PASSWORD);
    expect(reused.json().details).toEqual([{ param: 'newPassword', msg: PASSWORD_REUSE_MESSAGE }]);
    expect(await verify((await passwordRow('user@acme.test')).password_hash, FIXTURE_PASSWORD)).toBe(true);
  });

  it('counts wrong current passwords against the sign-in throttle, sent at once or one by one', async () => {
    const email = 'guessed@acme.test';
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash)
         SELECT $1, 'acme', 'Gus Essed', password_hash FROM users WHERE email = 'user@acme.test'`,
      [email],
    );
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => change(email, `wrong-guess-${index}`, NEW_PASSWORD)),
    );
    const messages = guesses.map((answer) => answer.json().details[0]);
    const checked = messages.filter((detail) => detail.msg === 'Current password is incorrect.');
    expect(checked).toHaveLength(5);
    expect(messages.filter((detail) => detail.msg === MESSAGES.tooManyAttempts(15))).toHaveLength(25);
    // Locked, even the right password is not checked; and the lock holds at sign-in too.
    const right = await change(email, FIXTURE_PASSWORD, NEW_PASSWORD);
    expect(right.json().details).toEqual([{ param: 'currentPassword', msg: MESSAGES.tooManyAttempts(15) }]);
    const login = await call('POST', '/login', undefined, { email, password: FIXTURE_PASSWORD });
    expect(login.statusCode).toBe(423);
  });

  it('is for signed-in users: a client token is refused, no token is 401', async () => {
    const client = await change({ client: true }, FIXTURE_PASSWORD, NEW_PASSWORD);
    expect(client.statusCode).toBe(403);
    expect(client.json()).toEqual({ message: 'Only a signed-in user can change their password.' });
    const anonymous = await call('POST', '/password/change', undefined, {
      currentPassword: FIXTURE_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await change('inactive@acme.test', FIXTURE_PASSWORD, NEW_PASSWORD)).statusCode).toBe(401);
  });
});

describe('/user/:email/password-reset', () => {
  it('starts a reset for another user whose link sets their password', async () => {
    const response = await call('POST', '/user/User@Acme.test/password-reset', 'orgadmin@acme.test');
    expect(response.statusCode).toBe(202);
    const [mail] = await outbox('user@acme.test');
    const token = new URL(mail!.link!).searchParams.get('token')!;
    const { rows } = await platform.db.query<{ purpose: string }>(
      'SELECT purpose FROM password_tokens WHERE email = $1 ORDER BY created_at DESC LIMIT 1',
      ['user@acme.test'],
    );
    expect(rows[0]!.purpose).toBe('initiated');
    expect((await createPassword(token, 'reset-by-admin-password-3')).statusCode).toBe(204);
  });

  it('answers when the password changed and expires, and the last reset request', async () => {
    const changedAt = new Date(Date.now() - 10 * DAY_MS);
    await platform.db.query('UPDATE users SET password_changed_at = $1 WHERE email = $2', [
      changedAt,
      'inactive@acme.test',
    ]);
    const never = await call('GET', '/user/inactive@acme.test/password-reset', 'viewer@meridian.test');
    expect(never.statusCode).toBe(200);
    expect(never.json()).toEqual({
      lastResetRequestedAt: null,
      passwordChangedAt: changedAt.toISOString(),
      expiresAt: new Date(changedAt.getTime() + 90 * DAY_MS).toISOString(),
    });
    const requested = (await call('GET', '/user/user@acme.test/password-reset', 'orgadmin@acme.test')).json();
    expect(Date.now() - Date.parse(requested.lastResetRequestedAt)).toBeLessThan(60_000);
  });

  it("refuses another tenant's user as not found, and roles without the permission", async () => {
    const other = await call('GET', '/user/user@globex.test/password-reset', 'orgadmin@acme.test');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'User not found.' });
    expect((await call('POST', '/user/user@globex.test/password-reset', 'orgadmin@acme.test')).statusCode).toBe(404);
    expect((await call('GET', '/user/orgadmin@acme.test/password-reset', 'user@acme.test')).statusCode).toBe(403);
    expect((await call('POST', '/user/user@acme.test/password-reset', 'viewer@meridian.test')).statusCode).toBe(403);
    expect((await call('POST', '/user/user@acme.test/password-reset', 'user@acme.test')).statusCode).toBe(403);
    expect((await call('POST', '/user/user@globex.test/password-reset', { client: true })).statusCode).toBe(202);
  });
});

describe('GET /dev/outbox', () => {
  it('lists mail newest first, with paging', async () => {
    await call('POST', '/password/forgot', undefined, { email: 'user@globex.test' });
    const all = (await call('GET', '/dev/outbox?limit=2')).json();
    expect(all.data).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    expect(all.data[0].id).toBeGreaterThan(all.data[1].id);
    expect(Object.keys(all.data[0]).sort()).toEqual(['body', 'createdAt', 'id', 'link', 'recipient', 'subject']);
  });

  it('exists only in the local and testing environments', async () => {
    for (const [appEnv, status] of [
      ['production', 404],
      ['qa', 404],
      ['local', 200],
    ] as const) {
      const app = Fastify();
      await devRoutes(app, { config: { ...platform.config, appEnv }, db: platform.db });
      expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(status);
      await app.close();
    }
  });
});
