import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

type Caller = string | { client: true };

async function call(method: 'GET' | 'POST' | 'PUT', url: string, caller: Caller, payload?: object) {
  const headers =
    typeof caller === 'string'
      ? await platform.auth(caller)
      : { authorization: `Bearer ${await platform.tokens.client('meridian-cli', 'systemAdmin', 'meridian')}` };
  return platform.rest.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const disable = { credential_enabled: false };
// The sentence itself, not MESSAGES: the test pins the words the console and the spec expect.
const OWN_ACCESS_DISABLED = 'Direct data access is not enabled for you. Ask your administrator to enable it.';

/** Every GET that shows credentials, as one string, to prove a secret never comes back. */
async function everythingReadable(): Promise<string> {
  const urls = [
    '/user?organizationId=acme&limit=0',
    '/user/email/user@acme.test',
    '/organization/acme/credential?limit=0',
    '/user?search=acme',
  ];
  const bodies = await Promise.all(urls.map(async (url) => (await call('GET', url, 'admin@meridian.test')).body));
  return bodies.join('\n');
}

describe('POST /user/:email/credential', () => {
  it("creates one's own credential and returns its secret once, storing only a hash", async () => {
    const response = await call('POST', '/user/user@acme.test/credential', 'user@acme.test');
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      organizationId: 'acme',
      userEmail: 'user@acme.test',
      credential_enabled: true,
      days_to_expire: 90,
      createdBy: 'user@acme.test',
    });
    expect(created.id).toMatch(/^cred_/);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await platform.db.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM credentials WHERE id = $1',
      [created.id],
    );
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    const readable = await everythingReadable();
    expect(readable).toContain(created.id);
    expect(readable).not.toContain(created.secret);
    expect(readable).not.toContain(rows[0]!.secret_hash);
    const user = (await call('GET', '/user/email/user@acme.test', 'user@acme.test')).json();
    expect(user.data_access_info[created.id]).toEqual({
      name: null,
      active: true,
      generated_timestamp: created.generated_timestamp,
      expires_timestamp: created.expires_timestamp,
      days_to_expire: 90,
    });
  });

  it('takes a name and a lifetime within 1 to 90 days, and says which field breaks which rule', async () => {
    const named = await call('POST', '/user/user@acme.test/credential', 'user@acme.test', {
      name: '  Nightly claims export ',
      lifetime_days: 30,
    });
    expect(named.statusCode).toBe(201);
    const created = named.json();
    expect(created).toMatchObject({ name: 'Nightly claims export', lifetime_days: 30, days_to_expire: 30 });
    expect(Date.parse(created.expires_timestamp) - Date.parse(created.generated_timestamp)).toBe(30 * 86_400_000);
    const user = (await call('GET', '/user/email/user@acme.test', 'user@acme.test')).json();
    expect(user.data_access_info[created.id]).toMatchObject({ name: 'Nightly claims export', days_to_expire: 30 });

    const tooLong = await call('POST', '/user/user@acme.test/credential', 'user@acme.test', { lifetime_days: 91 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toMatch(/lifetime_days/);
    const long = await call('POST', '/user/user@acme.test/credential', 'user@acme.test', { name: 'x'.repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ details: [{ param: 'name', msg: expect.stringMatching(/80 characters/) }] });
  });

  it("refuses one's own credential without direct data access, in words", async () => {
    const response = await call('POST', '/user/orgadmin@acme.test/credential', 'orgadmin@acme.test');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: OWN_ACCESS_DISABLED });
    expect((await call('POST', '/user/user@globex.test/credential', 'user@globex.test')).json()).toEqual({
      message: OWN_ACCESS_DISABLED,
    });
  });

  it("refuses one's own credential when data-access management is not available", async () => {
    await platform.db.query(`UPDATE features SET stage = 'beta' WHERE key = 'feature:data-access-management'`);
    try {
      const response = await call('POST', '/user/user@acme.test/credential', 'user@acme.test');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        message: MESSAGES.featureUnavailable,
        feature: 'feature:data-access-management',
      });
    } finally {
      await platform.db.query(
        `UPDATE features SET stage = 'general-availability' WHERE key = 'feature:data-access-management'`,
      );
    }
  });

  it("lets an org admin and a client create another user's credential", async () => {
    const byAdmin = await call('POST', '/user/USER@acme.test/credential', 'orgadmin@acme.test');
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ userEmail: 'user@acme.test', createdBy: 'orgadmin@acme.test' });
    const byClient = await call('POST', '/user/user@acme.test/credential', { client: true });
    expect(byClient.json()).toMatchObject({ userEmail: 'user@acme.test', createdBy: 'meridian-cli' });
  });

  it('refuses a target without direct data access, or inactive, as a conflict', async () => {
    const noAccess = await call('POST', '/user/user@globex.test/credential', 'orgadmin@globex.test');
    expect(noAccess.statusCode).toBe(409);
    expect(noAccess.json()).toEqual({
      conflicts: [
        { message: 'Direct data access is not enabled for user@globex.test. Enable it before creating a credential.' },
      ],
    });
    await platform.db.query(`UPDATE users SET direct_data_access_enabled = true WHERE email = 'inactive@acme.test'`);
    const inactive = await call('POST', '/user/inactive@acme.test/credential', 'orgadmin@acme.test');
    expect(inactive.json()).toEqual({
      conflicts: [{ message: 'inactive@acme.test is inactive. Activate the user before creating a credential.' }],
    });
  });

  it("refuses another tenant's user as not found, and roles without user:update-profile", async () => {
    const other = await call('POST', '/user/user@acme.test/credential', 'orgadmin@globex.test');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'User not found.' });
    expect((await call('POST', '/user/nobody@globex.test/credential', 'orgadmin@globex.test')).json()).toEqual(
      other.json(),
    );
    expect((await call('POST', '/user/orgadmin@acme.test/credential', 'user@acme.test')).statusCode).toBe(403);
    expect((await call('POST', '/user/user@acme.test/credential', 'viewer@meridian.test')).statusCode).toBe(403);
  });
});

describe('PUT /user/:email/credential/:credentialId', () => {
  it('disables a credential and answers it without a secret', async () => {
    const { id } = (await call('POST', '/user/user@acme.test/credential', 'user@acme.test')).json();
    const response = await call('PUT', `/user/user@acme.test/credential/${id}`, 'user@acme.test', disable);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, credential_enabled: false, userEmail: 'user@acme.test' });
    expect(response.json()).not.toHaveProperty('secret');
    const user = (await call('GET', '/user/email/user@acme.test', 'user@acme.test')).json();
    expect(user.data_access_info[id].active).toBe(false);
  });

  it('accepts only false', async () => {
    const response = await call('PUT', '/user/user@acme.test/credential/cred-user-acme', 'orgadmin@acme.test', {
      credential_enabled: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { param: 'credential_enabled', msg: 'A credential can only be disabled. Create a new credential instead.' },
    ]);
  });

  it("answers an unknown credential, or another user's, as not found", async () => {
    const unknown = await call('PUT', '/user/user@acme.test/credential/cred_nope', 'orgadmin@acme.test', disable);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Credential not found.' });
    // cred-user-acme is user@acme's: reached through another user's path it does not exist.
    const wrongUser = await call(
      'PUT',
      '/user/inactive@acme.test/credential/cred-user-acme',
      'orgadmin@acme.test',
      disable,
    );
    expect(wrongUser.statusCode).toBe(404);
    const otherTenant = await call(
      'PUT',
      '/user/user@acme.test/credential/cred-user-acme',
      'orgadmin@globex.test',
      disable,
    );
    expect(otherTenant.json()).toEqual({ message: 'User not found.' });
    const stillEnabled = await platform.db.query<{ credential_enabled: boolean }>(
      `SELECT credential_enabled FROM credentials WHERE id = 'cred-user-acme'`,
    );
    expect(stillEnabled.rows[0]!.credential_enabled).toBe(true);
  });

  it("refuses disabling one's own credential once direct data access is off", async () => {
    await platform.db.query(`UPDATE users SET direct_data_access_enabled = false WHERE email = 'user@acme.test'`);
    try {
      const response = await call('PUT', '/user/user@acme.test/credential/cred-user-acme', 'user@acme.test', disable);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: OWN_ACCESS_DISABLED });
    } finally {
      await platform.db.query(`UPDATE users SET direct_data_access_enabled = true WHERE email = 'user@acme.test'`);
    }
  });
});

describe("an organization's own credentials", () => {
  it('creates with the secret once, lists without it, and disables', async () => {
    const first = await call('POST', '/organization/acme/credential', 'admin@meridian.test');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      organizationId: 'acme',
      userEmail: null,
      credential_enabled: true,
      createdBy: 'admin@meridian.test',
    });
    const second = (await call('POST', '/organization/acme/credential', { client: true })).json();
    const list = await call('GET', '/organization/acme/credential', 'orgadmin@acme.test');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ total: 2, limit: 0, offset: 0 });
    // Newest first, and none of the users' credentials.
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([second.id, first.json().id]);
    expect(list.body).not.toContain(first.json().secret);
    expect(list.body).not.toContain(second.secret);
    const disabled = await call('PUT', `/organization/acme/credential/${second.id}`, 'admin@meridian.test', disable);
    expect(disabled.json()).toMatchObject({ id: second.id, credential_enabled: false });
    const paged = (
      await call('GET', '/organization/acme/credential?limit=1&sort=generated_timestamp', 'admin@meridian.test')
    ).json();
    expect(paged).toMatchObject({ total: 2, data: [{ id: first.json().id }] });
  });

  it("answers a user's credential or another organization's as not found", async () => {
    const viaOrg = await call('PUT', '/organization/acme/credential/cred-user-acme', 'admin@meridian.test', disable);
    expect(viaOrg.statusCode).toBe(404);
    expect(viaOrg.json()).toEqual({ message: 'Credential not found.' });
    const { id } = (await call('POST', '/organization/globex/credential', 'admin@meridian.test')).json();
    expect((await call('PUT', `/organization/acme/credential/${id}`, 'admin@meridian.test', disable)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/organization/no-such-org/credential', 'admin@meridian.test')).statusCode).toBe(404);
  });

  it('needs organization:update to change, organization:read in the own organization to list', async () => {
    expect((await call('POST', '/organization/acme/credential', 'orgadmin@acme.test')).statusCode).toBe(403);
    expect((await call('POST', '/organization/acme/credential', 'viewer@meridian.test')).statusCode).toBe(403);
    expect((await call('PUT', '/organization/acme/credential/x', 'orgadmin@acme.test', disable)).statusCode).toBe(403);
    expect((await call('GET', '/organization/acme/credential', 'orgadmin@globex.test')).statusCode).toBe(403);
    expect((await call('GET', '/organization/acme/credential', 'user@acme.test')).statusCode).toBe(403);
    expect((await call('GET', '/organization/acme/credential', 'viewer@meridian.test')).statusCode).toBe(200);
    expect((await call('GET', '/organization/acme/credential', 'inactive@acme.test')).statusCode).toBe(401);
  });
});
