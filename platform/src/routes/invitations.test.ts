import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, INVITATION_LIFETIME_DAYS, NOT_INVITED_MESSAGE } from '@meridian/schema';
import { checkLogin } from '../domain/login.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const ORIGIN = { requestId: null, clientIp: '127.0.0.1' };
const NEW_PASSWORD = 'invited-password-7';

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, caller?: string, payload?: object) {
  const headers = caller === undefined ? {} : await platform.auth(caller);
  return platform.rest.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** Creates a user in Acme without a password: an invitation. */
const invite = (email: string, caller = 'orgadmin@acme.test') =>
  call('POST', '/user?organizationId=acme', caller, { name: 'Ivy Invited', email });

async function mails(recipient: string): Promise<{ subject: string; body: string; link: string | null }[]> {
  return (await call('GET', `/dev/outbox?recipient=${encodeURIComponent(recipient)}`)).json().data;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const createPassword = (token: string) =>
  call('POST', '/password/create', undefined, { token, password: NEW_PASSWORD });

async function auditActions(email: string): Promise<string[]> {
  const { rows } = await platform.db.query<{ action: string }>(
    `SELECT action FROM audit_events WHERE target_id = $1 ORDER BY id`,
    [email],
  );
  return rows.map((row) => row.action);
}

describe('creating a user without a password', () => {
  it('invites them: status invited, a 7-day link in the outbox, audited, no sign-in yet', async () => {
    const email = 'ivy@acme.test';
    const created = await invite(email);
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user.status).toBe('invited');
    expect(Date.parse(user.invitation.expiresAt) - Date.parse(user.invitation.sentAt)).toBeGreaterThan(
      INVITATION_LIFETIME_DAYS * DAY_MS - 60_000,
    );
    expect(user.invitation.expired).toBe(false);

    const [mail] = await mails(email);
    // Issue 39: the mail names the organization and who invited the person.
    expect(mail!.subject).toBe('You are invited to Acme Health on Meridian');
    expect(mail!.body).toContain('Olive Acme (orgadmin@acme.test) invited you to Acme Health on Meridian.');
    expect(mail!.link).toMatch(new RegExp(`^${platform.config.consoleUrl}/create-password\\?token=`));
    expect(mail!.body).toContain(mail!.link);
    expect(mail!.body).toContain('within 7 days');
    // …and the record says how the person came, and that they never signed in.
    expect(user).toMatchObject({ provenance: 'invitation', lastSignInAt: null });
    expect(await auditActions(email)).toEqual(['invitation.send']);

    const signIn = await checkLogin(platform.db, platform.config, email, '', ORIGIN);
    expect(signIn.ok).toBe(false);
  });

  it('lets the person set their password through the create-password link, then sign in', async () => {
    const email = 'iris@acme.test';
    await invite(email);
    const [mail] = await mails(email);
    expect((await createPassword(tokenOf(mail!.link!))).statusCode).toBe(204);
    const user = (await call('GET', `/user/email/${email}`, 'orgadmin@acme.test')).json();
    expect(user).toMatchObject({ status: 'active', invitation: null });
    expect((await checkLogin(platform.db, platform.config, email, NEW_PASSWORD, ORIGIN)).ok).toBe(true);
    // The completed sign-in is their last (issue 39), at the moment its audit event records.
    const signedIn = (await call('GET', `/user/email/${email}`, 'orgadmin@acme.test')).json();
    const { rows } = await platform.db.query<{ occurred_at: Date }>(
      `SELECT occurred_at FROM audit_events WHERE action = 'sign-in' AND target_id = $1 ORDER BY id DESC LIMIT 1`,
      [email],
    );
    expect(signedIn.lastSignInAt).toBe(rows[0]!.occurred_at.toISOString());
    // The link worked once.
    expect((await createPassword(tokenOf(mail!.link!))).statusCode).toBe(400);
  });

  it('still creates a user with a password, as the spec says: active, no invitation mailed', async () => {
    const email = 'pat@acme.test';
    const created = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', {
      name: 'Pat Password',
      email,
      password: 'a-good-password-1',
    });
    expect(created.json()).toMatchObject({ status: 'active', invitation: null, provenance: 'console' });
    expect(await mails(email)).toEqual([]);
  });

  it('refuses a weak password when one is given, naming the field', async () => {
    const refused = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', {
      name: 'Weak',
      email: 'weak@acme.test',
      password: 'short',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].param).toBe('password');
  });
});

describe('an invitation link', () => {
  it('stops working after 7 days, and the user shows the invitation expired', async () => {
    const email = 'late@acme.test';
    await invite(email);
    const [mail] = await mails(email);
    // Seven days pass: the stored expiry is moved rather than waited for.
    await platform.db.query(
      `UPDATE password_tokens SET created_at = created_at - interval '7 days', expires_at = expires_at - interval '7 days' WHERE email = $1`,
      [email],
    );
    expect((await createPassword(tokenOf(mail!.link!))).json().message).toMatch(/expired/);
    const user = (await call('GET', `/user/email/${email}`, 'orgadmin@acme.test')).json();
    expect(user).toMatchObject({ status: 'invited', invitation: { expired: true } });
  });
});

describe('POST /user/{email}/invitation (resend)', () => {
  it('mails a new link that replaces the old one, audited', async () => {
    const email = 'again@acme.test';
    await invite(email);
    const [first] = await mails(email);
    const resent = await call('POST', `/user/${email}/invitation`, 'orgadmin@acme.test');
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ email, invitation: { expired: false } });
    const [second] = await mails(email); // newest first
    expect(second!.link).not.toBe(first!.link);
    // The resend names its own sender.
    expect(second!.body).toContain('Olive Acme (orgadmin@acme.test) invited you to Acme Health on Meridian.');
    expect((await createPassword(tokenOf(first!.link!))).statusCode).toBe(400);
    expect((await createPassword(tokenOf(second!.link!))).statusCode).toBe(204);
    expect(await auditActions(email)).toEqual(['invitation.send', 'invitation.resend', 'password.create']);
  });

  it('refuses a user who already has a password (409)', async () => {
    const refused = await call('POST', '/user/user@acme.test/invitation', 'orgadmin@acme.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflicts[0].message).toBe(NOT_INVITED_MESSAGE);
  });

  it('needs the permission to create users, and stays in the caller’s organization', async () => {
    await invite('scoped@acme.test');
    expect((await call('POST', '/user/scoped@acme.test/invitation', 'user@acme.test')).statusCode).toBe(403);
    // Another tenant's user answers like a missing one.
    expect((await call('POST', '/user/scoped@acme.test/invitation', 'orgadmin@globex.test')).statusCode).toBe(404);
    expect((await call('DELETE', '/user/scoped@acme.test/invitation', 'orgadmin@globex.test')).statusCode).toBe(404);
    expect((await call('POST', '/user/scoped@acme.test/invitation', 'viewer@meridian.test')).statusCode).toBe(403);
    // An operator reaches every organization; the mail names them.
    expect((await call('POST', '/user/scoped@acme.test/invitation', 'admin@meridian.test')).statusCode).toBe(200);
    expect((await mails('scoped@acme.test'))[0]!.body).toContain(
      'Ada Admin (admin@meridian.test) invited you to Acme Health',
    );
  });
});

describe('DELETE /user/{email}/invitation (revoke)', () => {
  it('removes the invited user, kills the link and frees the email, audited', async () => {
    const email = 'gone@acme.test';
    await invite(email);
    const [mail] = await mails(email);
    const revoked = await call('DELETE', `/user/${email}/invitation`, 'orgadmin@acme.test');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toContain(email);
    expect((await call('GET', `/user/email/${email}`, 'orgadmin@acme.test')).statusCode).toBe(404);
    expect((await createPassword(tokenOf(mail!.link!))).statusCode).toBe(400);
    expect(await auditActions(email)).toEqual(['invitation.send', 'invitation.revoke']);
    // The email may be invited again.
    expect((await invite(email)).statusCode).toBe(201);
  });

  it('refuses to remove a user who has a password', async () => {
    const refused = await call('DELETE', '/user/user@acme.test/invitation', 'orgadmin@acme.test');
    expect(refused.statusCode).toBe(409);
    const still = await checkLogin(platform.db, platform.config, 'user@acme.test', FIXTURE_PASSWORD, ORIGIN);
    expect(still.ok).toBe(true);
  });
});

describe('GET /user?status', () => {
  it('filters on the status, with the total of the filter', async () => {
    await invite('listed@acme.test');
    const invited = (
      await call('GET', '/user?organizationId=acme&status=invited&limit=100', 'orgadmin@acme.test')
    ).json();
    expect(invited.data.length).toBeGreaterThan(0);
    expect(invited.data.every((user: { status: string }) => user.status === 'invited')).toBe(true);
    expect(invited.total).toBe(invited.data.length);
    expect(invited.data.map((user: { email: string }) => user.email)).toContain('listed@acme.test');
    const active = (
      await call('GET', '/user?organizationId=acme&status=active&limit=100', 'orgadmin@acme.test')
    ).json();
    expect(active.data.every((user: { status: string }) => user.status === 'active')).toBe(true);
    expect(active.data.map((user: { email: string }) => user.email)).toContain('user@acme.test');
    const bad = await call('GET', '/user?organizationId=acme&status=pending', 'orgadmin@acme.test');
    expect(bad.statusCode).toBe(400);
  });
});
