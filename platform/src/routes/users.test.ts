import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LAST_ORG_ADMIN_MESSAGE,
  MESSAGES,
  OWN_ROLE_MESSAGE,
  SELF_DEACTIVATE_MESSAGE,
  outsideDomainsOperatorsOnlyMessage,
  roleInOrganizationRefusal,
  seatLimitMessage,
  userLimitMessage,
} from '@meridian/schema';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

type Caller = string | { client: true };

async function headersOf(caller: Caller) {
  if (typeof caller === 'string') return platform.auth(caller);
  return { authorization: `Bearer ${await platform.tokens.client('meridian-cli', 'systemAdmin', 'meridian')}` };
}

async function call(method: 'GET' | 'POST' | 'PUT', url: string, caller: Caller, payload?: object) {
  return platform.rest.inject({ method, url, headers: await headersOf(caller), ...(payload ? { payload } : {}) });
}

const emails = (body: { data: { email: string }[] }) => body.data.map((user) => user.email);

/** Sets acme's licenses for one test, returning a function that puts the fixture's back. */
async function acmeLicenses(change: { user_limit?: number; explorer_count?: number; viewer_count?: number }) {
  const { rows } = await platform.db.query<{ licenses: Record<string, unknown> }>(
    `SELECT licenses FROM organizations WHERE id = 'acme'`,
  );
  const before = rows[0]!.licenses;
  const seats = before.tableau_user_licenses as Record<string, number>;
  const after = {
    ...before,
    user_limit: change.user_limit ?? before.user_limit,
    tableau_user_licenses: {
      explorer_count: change.explorer_count ?? seats.explorer_count,
      viewer_count: change.viewer_count ?? seats.viewer_count,
    },
  };
  await platform.db.query(`UPDATE organizations SET licenses = $1 WHERE id = 'acme'`, [after]);
  return () => platform.db.query(`UPDATE organizations SET licenses = $1 WHERE id = 'acme'`, [before]);
}

async function activeAcmeUsers(): Promise<number> {
  const { rows } = await platform.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE organization_id = 'acme' AND active`,
  );
  return rows[0]!.n;
}

const newUser = (email: string, extra: object = {}) => ({
  name: 'New Person',
  email,
  password: 'a-strong-password-1',
  ...extra,
});

describe('GET /user', () => {
  it("lists an organization's users in the data wrapper, sorted by name, without password hashes", async () => {
    const response = await call('GET', '/user?organizationId=acme&limit=0', 'orgadmin@acme.test');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 3, limit: 0, offset: 0 });
    expect(emails(body)).toEqual(['inactive@acme.test', 'orgadmin@acme.test', 'user@acme.test']);
    expect(response.body).not.toMatch(/password_hash|argon2/);
    const uma = body.data.find((user: { email: string }) => user.email === 'user@acme.test');
    expect(uma).toMatchObject({
      name: 'Uma Acme',
      role: 'orgUser',
      active: true,
      organizationId: 'acme',
      direct_data_access_enabled: true,
      tableauConfig: { tableauLicense: 'viewer', tableauUser: true },
      data_access_info: { 'cred-user-acme': { active: true, days_to_expire: 2 } },
      isPasswordExpiring: false,
      daysLeftForPasswordExpiry: 90,
    });
    expect(uma.data_access_info['cred-user-acme'].generated_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const ian = body.data.find((user: { email: string }) => user.email === 'inactive@acme.test');
    expect(ian).toMatchObject({
      active: false,
      tableauConfig: { tableauLicense: null, tableauUser: false },
      data_access_info: {},
    });
  });

  it('searches name or email case-insensitively, filters by exact email, sorts and pages', async () => {
    const byName = (await call('GET', '/user?organizationId=acme&search=UMA', 'orgadmin@acme.test')).json();
    expect(emails(byName)).toEqual(['user@acme.test']);
    const byEmail = (await call('GET', '/user?organizationId=acme&search=inactive@', 'orgadmin@acme.test')).json();
    expect(emails(byEmail)).toEqual(['inactive@acme.test']);
    const wildcard = (await call('GET', '/user?organizationId=acme&search=%25', 'orgadmin@acme.test')).json();
    expect(wildcard.total).toBe(0);
    const exact = (await call('GET', '/user?organizationId=acme&email=USER@acme.test', 'orgadmin@acme.test')).json();
    expect(emails(exact)).toEqual(['user@acme.test']);
    const paged = (
      await call('GET', '/user?organizationId=acme&sort=-email&limit=1&offset=1', 'orgadmin@acme.test')
    ).json();
    expect(paged).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(emails(paged)).toEqual(['orgadmin@acme.test']);
    const unknownSort = await call('GET', '/user?organizationId=acme&sort=password', 'orgadmin@acme.test');
    expect(unknownSort.statusCode).toBe(400);
    expect(unknownSort.json().message).toMatch(/Cannot sort by password/);
  });

  it('sorts by last sign-in (never signed in as the longest ago) and filters by how people came', async () => {
    await platform.db.query(
      `UPDATE users SET last_sign_in_at = CASE email WHEN 'user@acme.test' THEN now() - interval '1 day'
         WHEN 'orgadmin@acme.test' THEN now() ELSE NULL END WHERE organization_id = 'acme'`,
    );
    try {
      const latest = (await call('GET', '/user?organizationId=acme&sort=-lastSignInAt', 'orgadmin@acme.test')).json();
      expect(emails(latest)).toEqual(['orgadmin@acme.test', 'user@acme.test', 'inactive@acme.test']);
      expect(latest.data[2].lastSignInAt).toBeNull();
      const oldest = (await call('GET', '/user?organizationId=acme&sort=lastSignInAt', 'orgadmin@acme.test')).json();
      expect(emails(oldest)).toEqual(['inactive@acme.test', 'user@acme.test', 'orgadmin@acme.test']);
    } finally {
      await platform.db.query(`UPDATE users SET last_sign_in_at = NULL WHERE organization_id = 'acme'`);
    }
    const fromConsole = (
      await call('GET', '/user?organizationId=acme&provenance=console', 'orgadmin@acme.test')
    ).json();
    expect(fromConsole.total).toBe(fromConsole.data.length);
    expect(fromConsole.data.every((user: { provenance: string }) => user.provenance === 'console')).toBe(true);
    const none = (await call('GET', '/user?organizationId=acme&provenance=scim', 'orgadmin@acme.test')).json();
    expect(none).toMatchObject({ total: 0, data: [] });
    const unknown = await call('GET', '/user?organizationId=acme&provenance=ldap', 'orgadmin@acme.test');
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('provenance');
  });

  it('searches across organizations for system roles only', async () => {
    const all = (await call('GET', '/user?search=globex', 'viewer@meridian.test')).json();
    expect(emails(all)).toEqual(['user@globex.test', 'orgadmin@globex.test']); // Gia before Gus
    expect((await call('GET', '/user?search=acme.test', { client: true })).json().total).toBeGreaterThanOrEqual(3);
    const orgAdmin = await call('GET', '/user?search=globex', 'orgadmin@acme.test');
    expect(orgAdmin.statusCode).toBe(403);
    expect(orgAdmin.json()).toEqual({ message: MESSAGES.permissionDenied });
  });

  it("refuses another tenant's list, org users and unknown organizations", async () => {
    expect((await call('GET', '/user?organizationId=globex', 'orgadmin@acme.test')).statusCode).toBe(403);
    expect((await call('GET', '/user?organizationId=acme', 'user@acme.test')).statusCode).toBe(403);
    expect((await call('GET', '/user?organizationId=globex', 'viewer@meridian.test')).statusCode).toBe(200);
    const missing = await call('GET', '/user?organizationId=no-such-org', 'admin@meridian.test');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Organization not found.' });
  });

  it("refuses an inactive user's token with 401", async () => {
    const response = await call('GET', '/user/email/inactive@acme.test', 'inactive@acme.test');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.inactiveUser });
  });
});

describe('GET /user/email/:email', () => {
  it('answers anyone their own user, whatever their role', async () => {
    const response = await call('GET', '/user/email/User@Acme.test', 'user@acme.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'user@acme.test',
      name: 'Uma Acme',
      role: 'orgUser',
      organizationId: 'acme',
      // An org user may not read the organization, but sees its name and BI portal URL here.
      organization: { id: 'acme', name: 'Acme Health', biPortalUrl: 'https://bi.acme.test/portal' },
    });
    expect((await call('GET', '/organization/acme', 'user@acme.test')).statusCode).toBe(403);
    const globex = (await call('GET', '/user/email/user@globex.test', 'user@globex.test')).json();
    expect(globex.organization).toEqual({ id: 'globex', name: 'Globex Care', biPortalUrl: null });
  });

  it("answers another tenant's user exactly like a missing one", async () => {
    const other = await call('GET', '/user/email/user@globex.test', 'orgadmin@acme.test');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'User not found.' });
    expect((await call('GET', '/user/email/nobody@acme.test', 'orgadmin@acme.test')).json()).toEqual(other.json());
    expect((await call('GET', '/user/email/user@globex.test', 'viewer@meridian.test')).statusCode).toBe(200);
    expect((await call('GET', '/user/email/orgadmin@acme.test', 'orgadmin@acme.test')).statusCode).toBe(200);
  });

  it('refuses an org user reading someone else', async () => {
    expect((await call('GET', '/user/email/orgadmin@acme.test', 'user@acme.test')).statusCode).toBe(403);
  });
});

describe('POST /user', () => {
  it('creates an org user with a hashed password and answers it without the hash', async () => {
    const response = await call(
      'POST',
      '/user?organizationId=acme',
      'orgadmin@acme.test',
      newUser('New.Person@Acme.test', { alternateEmail: '', jobTitle: '  Charge nurse ' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'new.person@acme.test',
      role: 'orgUser',
      active: true,
      alternateEmail: null,
      jobTitle: 'Charge nurse',
      direct_data_access_enabled: false,
      organizationId: 'acme',
      tableauConfig: { tableauLicense: null, tableauUser: false },
      data_access_info: {},
      daysLeftForPasswordExpiry: 90,
    });
    expect(response.body).not.toMatch(/"password"|password_hash|argon2/);
    const { rows } = await platform.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email = 'new.person@acme.test'`,
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2/);
  });

  it('refuses a taken email, whatever its case, telling an Org Admin no more than that it is taken', async () => {
    const taken = (email: string) =>
      `The email ${email} is already in use. Choose another email, or ask an operator to move the existing account.`;
    const own = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', newUser('USER@acme.test'));
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ conflicts: [{ message: taken('user@acme.test'), param: 'email' }] });
    // Another tenant's user, inside the organization's domains: the same words, so the answer does not
    // say where the email lives.
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash) VALUES ('moved@acme.test', 'globex', 'Moved', 'x')`,
    );
    const other = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', newUser('moved@acme.test'));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ conflicts: [{ message: taken('moved@acme.test'), param: 'email' }] });
    await platform.db.query(`DELETE FROM users WHERE email = 'moved@acme.test'`);
    // Operators see every tenant anyway: they are told where.
    const operator = await call('POST', '/user?organizationId=acme', 'admin@meridian.test', newUser('user@acme.test'));
    expect(operator.json().conflicts[0].message).toBe('A user with email user@acme.test already exists (in acme).');
  });

  it('names each invalid field', async () => {
    const response = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', {
      name: ' ',
      email: 'not-an-email',
      alternateEmail: 'also bad',
      password: 'short1',
      role: 'systemAdmin',
    });
    expect(response.statusCode).toBe(400);
    const details = response.json().details as { param: string; msg: string }[];
    expect(details.map((d) => d.param)).toEqual(['email', 'password', 'name', 'alternateEmail', 'role']);
    // A job title's rule: the contract's length, and the field's own words for what it holds.
    const long = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', {
      ...newUser('long@acme.test'),
      jobTitle: 'x'.repeat(129),
    });
    expect(long.json().details).toEqual([{ param: 'jobTitle', msg: 'Must be at most 128 characters' }]);
    const nul = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', {
      ...newUser('nul@acme.test'),
      jobTitle: 'Nurse\u0000',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details).toEqual([{ param: 'jobTitle', msg: expect.stringMatching(/control characters/) }]);
    expect(details.find((d) => d.param === 'role')!.msg).toBe('You can grant only these roles: Org Admin, Org User.');
    const missing = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', { email: 'x@acme.test' });
    expect(missing.json().details).toEqual(expect.arrayContaining([{ param: 'name', msg: 'A value is required' }]));
  });

  it('lets a system admin grant any role, and a client create in any organization', async () => {
    const admin = await call(
      'POST',
      '/user?organizationId=meridian',
      'admin@meridian.test',
      newUser('second.admin@meridian.test', { role: 'systemAdmin' }),
    );
    expect(admin.statusCode).toBe(201);
    expect(admin.json().role).toBe('systemAdmin');
    const client = await call(
      'POST',
      '/user?organizationId=globex',
      { client: true },
      newUser('made.by.cli@globex.test'),
    );
    expect(client.statusCode).toBe(201);
    expect(client.json().organizationId).toBe('globex');
  });

  it('keeps system roles to users of the operators’ organization, on create and on update', async () => {
    const refusal = roleInOrganizationRefusal('systemViewer', 'Globex', 'Meridian');
    expect(refusal).toBe(
      'Meridian Viewer reaches every organization, so it is only for users of the Meridian organization.',
    );
    const created = await call(
      'POST',
      '/user?organizationId=globex',
      'admin@meridian.test',
      newUser('would.be.viewer@globex.test', { role: 'systemViewer' }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([{ param: 'role', msg: refusal }]);
    expect((await call('GET', '/user/email/would.be.viewer@globex.test', 'admin@meridian.test')).statusCode).toBe(404);

    const updated = await call('PUT', '/user?organizationId=globex', 'admin@meridian.test', {
      email: 'orgadmin@globex.test',
      role: 'systemAdmin',
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().details).toEqual([
      { param: 'role', msg: roleInOrganizationRefusal('systemAdmin', 'Globex', 'Meridian') },
    ]);
    const { rows } = await platform.db.query<{ role: string }>(
      `SELECT role FROM users WHERE email = 'orgadmin@globex.test'`,
    );
    expect(rows[0]!.role).toBe('orgAdmin');
  });

  it('refuses an Org Admin every email outside their domains alike, taken anywhere or free', async () => {
    const operatorsOnly = (email: string) =>
      outsideDomainsOperatorsOnlyMessage(email, 'Acme Health', ['acme.test'], 'Meridian');
    const answers = [];
    for (const email of ['admin@meridian.test', 'orgadmin@globex.test', 'free.person@gmail.test']) {
      for (const confirmed of [true, false]) {
        const response = await call(
          'POST',
          '/user?organizationId=acme',
          'orgadmin@acme.test',
          newUser(email, confirmed ? { allowOutsideDomain: true } : {}),
        );
        expect(response.statusCode, email).toBe(400);
        expect(response.json(), email).toEqual({
          message: 'The request has invalid fields.',
          details: [{ param: 'email', msg: operatorsOnly(email) }],
        });
        answers.push(JSON.stringify(response.json()).replace(email, 'EMAIL'));
      }
    }
    // The same answer, but for the email it names.
    expect(new Set(answers).size).toBe(1);
    const { rows } = await platform.db.query(`SELECT 1 FROM users WHERE email = 'free.person@gmail.test'`);
    expect(rows).toEqual([]);
  });

  it('asks an operator to confirm an email outside the organization’s domains, and records it', async () => {
    const refused = await call(
      'POST',
      '/user?organizationId=acme',
      'admin@meridian.test',
      newUser('someone@gmail.test'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      {
        param: 'email',
        msg: 'someone@gmail.test is outside Acme Health’s email domain (acme.test). Confirm to create this user anyway.',
      },
    ]);
    const confirmed = await call(
      'POST',
      '/user?organizationId=acme',
      'admin@meridian.test',
      newUser('someone@gmail.test', { allowOutsideDomain: true }),
    );
    expect(confirmed.statusCode).toBe(201);
    const { rows } = await platform.db.query<{ details: unknown }>(
      `SELECT details FROM audit_events WHERE action = 'user.create' AND target_id = 'someone@gmail.test'`,
    );
    expect(rows.map((row) => row.details)).toEqual([{ outsideDomains: 'acme.test' }]);
    // Inside the domains (a subdomain too) needs no confirmation and records no exception.
    const inside = await call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', newUser('x@mail.acme.test'));
    expect(inside.statusCode).toBe(201);
  });

  it('refuses another tenant, org users, viewers and unknown organizations', async () => {
    expect(
      (await call('POST', '/user?organizationId=globex', 'orgadmin@acme.test', newUser('x1@globex.test'))).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/user?organizationId=acme', 'user@acme.test', newUser('x2@acme.test'))).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/user?organizationId=acme', 'viewer@meridian.test', newUser('x3@acme.test'))).statusCode,
    ).toBe(403);
    const unknown = await call(
      'POST',
      '/user?organizationId=no-such-org',
      'admin@meridian.test',
      newUser('x4@nowhere.test'),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a user past the organization's user limit, naming the limit", async () => {
    const limit = await activeAcmeUsers();
    const restore = await acmeLicenses({ user_limit: limit });
    try {
      const response = await call(
        'POST',
        '/user?organizationId=acme',
        'orgadmin@acme.test',
        newUser('over.limit@acme.test'),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ conflicts: [{ message: userLimitMessage(limit) }] });
      expect(response.json().conflicts[0].message).toContain(String(limit));
    } finally {
      await restore();
    }
  });

  it('gives the last place to exactly one of two simultaneous requests', async () => {
    const restore = await acmeLicenses({ user_limit: (await activeAcmeUsers()) + 1 });
    try {
      const [first, second] = await Promise.all([
        call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', newUser('race.one@acme.test')),
        call('POST', '/user?organizationId=acme', 'orgadmin@acme.test', newUser('race.two@acme.test')),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    } finally {
      await restore();
    }
  });

  it('counts explorer and viewer seats, never creator seats', async () => {
    const restore = await acmeLicenses({ explorer_count: 2, viewer_count: 1 });
    try {
      // orgadmin@acme holds one explorer seat and user@acme the only viewer seat.
      const explorer = { tableauConfig: { tableauLicense: 'explorer' } };
      expect(
        (
          await call(
            'POST',
            '/user?organizationId=acme',
            'orgadmin@acme.test',
            newUser('explorer.two@acme.test', explorer),
          )
        ).statusCode,
      ).toBe(201);
      const third = await call(
        'POST',
        '/user?organizationId=acme',
        'orgadmin@acme.test',
        newUser('explorer.three@acme.test', explorer),
      );
      expect(third.statusCode).toBe(409);
      expect(third.json()).toEqual({ conflicts: [{ message: seatLimitMessage('explorer', 2) }] });
      const viewer = await call(
        'POST',
        '/user?organizationId=acme',
        'orgadmin@acme.test',
        newUser('viewer.two@acme.test', { tableauConfig: { tableauLicense: 'viewer' } }),
      );
      expect(viewer.json()).toEqual({ conflicts: [{ message: seatLimitMessage('viewer', 1) }] });
      const creator = await call(
        'POST',
        '/user?organizationId=acme',
        'orgadmin@acme.test',
        newUser('creator@acme.test', { tableauConfig: { tableauLicense: 'creator' } }),
      );
      expect(creator.statusCode).toBe(201);
      expect(creator.json().tableauConfig).toEqual({ tableauLicense: 'creator', tableauUser: true });
    } finally {
      await restore();
    }
  });
});

describe('PUT /user {email, active}', () => {
  it('deactivates a user, whose token is refused from then on, and activates them again', async () => {
    const off = await call('PUT', '/user', 'orgadmin@acme.test', { email: 'new.person@acme.test', active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ email: 'new.person@acme.test', active: false });
    expect((await call('GET', '/user/email/new.person@acme.test', 'new.person@acme.test')).statusCode).toBe(401);
    const on = await call('PUT', '/user', 'orgadmin@acme.test', { email: 'new.person@acme.test', active: true });
    expect(on.json()).toMatchObject({ active: true });
    expect((await call('GET', '/user/email/new.person@acme.test', 'new.person@acme.test')).statusCode).toBe(200);
  });

  it('refuses deactivating oneself and the last active Org Admin', async () => {
    const self = await call('PUT', '/user', 'orgadmin@acme.test', { email: 'orgadmin@acme.test', active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ conflicts: [{ message: SELF_DEACTIVATE_MESSAGE }] });
    const last = await call('PUT', '/user', 'admin@meridian.test', { email: 'orgadmin@globex.test', active: false });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ conflicts: [{ message: LAST_ORG_ADMIN_MESSAGE }] });
  });

  it('refuses activating past the user limit', async () => {
    const limit = await activeAcmeUsers();
    const restore = await acmeLicenses({ user_limit: limit });
    try {
      const response = await call('PUT', '/user', 'orgadmin@acme.test', { email: 'inactive@acme.test', active: true });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ conflicts: [{ message: userLimitMessage(limit) }] });
    } finally {
      await restore();
    }
  });

  it("refuses another tenant's user as not found, and org users altogether", async () => {
    const other = await call('PUT', '/user', 'orgadmin@acme.test', { email: 'user@globex.test', active: false });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'User not found.' });
    expect(
      (await call('PUT', '/user', 'user@acme.test', { email: 'new.person@acme.test', active: false })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/user', 'viewer@meridian.test', { email: 'new.person@acme.test', active: false })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /user?organizationId (update)', () => {
  it('updates the given fields and keeps the rest', async () => {
    const response = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
      email: 'new.person@acme.test',
      name: 'Renamed Person',
      alternateEmail: 'Other@Example.com',
      jobTitle: 'Nurse manager',
      role: 'orgAdmin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renamed Person',
      alternateEmail: 'other@example.com',
      jobTitle: 'Nurse manager',
      role: 'orgAdmin',
      active: true,
    });
    const cleared = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
      email: 'new.person@acme.test',
      alternateEmail: null,
      jobTitle: ' ',
    });
    expect(cleared.json()).toMatchObject({
      name: 'Renamed Person',
      alternateEmail: null,
      jobTitle: null,
      role: 'orgAdmin',
    });
    // Each change is in the audit trail, the job title with it.
    const { rows } = await platform.db.query<{ changes: { field: string; before: unknown; after: unknown }[] }>(
      `SELECT changes FROM audit_events WHERE target_id = 'new.person@acme.test' AND changes @> '[{"field": "jobTitle"}]' ORDER BY occurred_at, id`,
    );
    expect(rows.map(({ changes }) => changes.find((change) => change.field === 'jobTitle'))).toEqual([
      { field: 'jobTitle', before: null, after: 'Charge nurse' },
      { field: 'jobTitle', before: 'Charge nurse', after: 'Nurse manager' },
      { field: 'jobTitle', before: 'Nurse manager', after: null },
    ]);
  });

  it('needs the organization the user belongs to', async () => {
    const missing = await call('PUT', '/user', 'orgadmin@acme.test', { email: 'user@acme.test', name: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ param: 'organizationId', msg: 'A value is required' });
    const wrong = await call('PUT', '/user?organizationId=globex', 'admin@meridian.test', {
      email: 'user@acme.test',
      name: 'X',
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'User not found.' });
    expect(
      (await call('PUT', '/user?organizationId=globex', 'orgadmin@acme.test', { email: 'user@globex.test', name: 'X' }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses changing one's own role and demoting the last Org Admin", async () => {
    const own = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
      email: 'orgadmin@acme.test',
      role: 'orgUser',
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ conflicts: [{ message: OWN_ROLE_MESSAGE }] });
    const last = await call('PUT', '/user?organizationId=globex', 'admin@meridian.test', {
      email: 'orgadmin@globex.test',
      role: 'orgUser',
    });
    expect(last.json()).toEqual({ conflicts: [{ message: LAST_ORG_ADMIN_MESSAGE }] });
    // Keeping one's own role while editing one's own name is fine.
    const sameRole = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
      email: 'orgadmin@acme.test',
      role: 'orgAdmin',
      name: 'Olive A.',
    });
    expect(sameRole.statusCode).toBe(200);
  });

  it('refuses roles the caller may not grant, and active mixed with other fields', async () => {
    const role = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
      email: 'user@acme.test',
      role: 'systemViewer',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().details).toEqual([
      { param: 'role', msg: 'You can grant only these roles: Org Admin, Org User.' },
    ]);
    const mixed = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
      email: 'user@acme.test',
      active: false,
      name: 'X',
    });
    expect(mixed.json().details.map((d: { param: string }) => d.param)).toEqual(['active']);
    // An Org Admin of the operators' organization reaches its system admins, but cannot demote them.
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, role) VALUES ('orgadmin@meridian.test', 'meridian', 'Otto Ops', 'x', 'orgAdmin')`,
    );
    const demote = await call('PUT', '/user?organizationId=meridian', 'orgadmin@meridian.test', {
      email: 'admin@meridian.test',
      role: 'orgUser',
    });
    expect(demote.json().details).toEqual([{ param: 'role', msg: 'You cannot change the role of a Meridian Admin.' }]);
    const deactivate = await call('PUT', '/user', 'orgadmin@meridian.test', {
      email: 'admin@meridian.test',
      active: false,
    });
    expect(deactivate.statusCode).toBe(403);
    const unknown = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
      email: 'user@acme.test',
      password: 'x',
    });
    expect(unknown.json().details).toEqual([{ param: 'password', msg: 'This field is not allowed' }]);
  });

  it('checks seats when the Tableau license changes', async () => {
    const restore = await acmeLicenses({ viewer_count: 1 });
    try {
      // user@acme holds the only viewer seat: changing their own level keeps the count.
      const same = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
        email: 'user@acme.test',
        tableauConfig: { tableauLicense: 'viewer' },
      });
      expect(same.statusCode).toBe(200);
      const full = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
        email: 'new.person@acme.test',
        tableauConfig: { tableauLicense: 'viewer' },
      });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ conflicts: [{ message: seatLimitMessage('viewer', 1) }] });
      const none = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
        email: 'user@acme.test',
        tableauConfig: { tableauLicense: null },
      });
      expect(none.json().tableauConfig).toEqual({ tableauLicense: null, tableauUser: false });
      const freed = await call('PUT', '/user?organizationId=acme', 'orgadmin@acme.test', {
        email: 'new.person@acme.test',
        tableauConfig: { tableauLicense: 'viewer' },
      });
      expect(freed.statusCode).toBe(200);
    } finally {
      await restore();
    }
  });
});

describe('PUT /user/:email/data-access', () => {
  it('turns direct data access off (disabling the credentials) and on', async () => {
    const off = await call('PUT', '/user/user@acme.test/data-access', 'orgadmin@acme.test', {
      direct_data_access_enabled: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      direct_data_access_enabled: false,
      data_access_info: { 'cred-user-acme': { active: false } },
    });
    const on = await call(
      'PUT',
      '/user/user@acme.test/data-access',
      { client: true },
      { direct_data_access_enabled: true },
    );
    expect(on.json()).toMatchObject({ direct_data_access_enabled: true });
  });

  it("refuses another tenant's user, org users and a missing body field", async () => {
    expect(
      (
        await call('PUT', '/user/user@globex.test/data-access', 'orgadmin@acme.test', {
          direct_data_access_enabled: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/user/user@acme.test/data-access', 'user@acme.test', { direct_data_access_enabled: true }))
        .statusCode,
    ).toBe(403);
    const invalid = await call('PUT', '/user/user@acme.test/data-access', 'orgadmin@acme.test', {});
    expect(invalid.json().details).toEqual([{ param: 'direct_data_access_enabled', msg: 'A value is required' }]);
  });
});

describe('GET /user?search', () => {
  beforeAll(async () => {
    await platform.db.query(
      `INSERT INTO organizations (id, name, status, domain, licenses, customer_segment)
       VALUES ('searchco', 'Search Co', 'active', '{searchco.test}', $1, 'employer')`,
      [{ tableau_user_licenses: { explorer_count: 0, viewer_count: 0 }, user_limit: 10, products: {} }],
    );
    for (const [email, name] of [
      ['under_score@searchco.test', 'Dora Lane'],
      ['underxscore@searchco.test', 'Ema Stone'],
    ] as const) {
      const created = await call(
        'POST',
        '/user?organizationId=searchco',
        'admin@meridian.test',
        newUser(email, { name }),
      );
      expect(created.statusCode).toBe(201);
    }
  });

  const found = async (search: string) =>
    emails(
      (
        await call('GET', `/user?organizationId=searchco&search=${encodeURIComponent(search)}`, 'admin@meridian.test')
      ).json(),
    );

  it('matches email or name in any case, with % and _ taken literally', async () => {
    expect(await found('DORA')).toEqual(['under_score@searchco.test']);
    expect(await found('UnderXScore@')).toEqual(['underxscore@searchco.test']);
    expect(await found('under_s')).toEqual(['under_score@searchco.test']);
    expect(await found('under%score')).toEqual([]);
    expect(await found('lane')).toEqual(['under_score@searchco.test']);
  });

  it('finds a renamed user by the new name only', async () => {
    const renamed = await call('PUT', '/user?organizationId=searchco', 'admin@meridian.test', {
      email: 'under_score@searchco.test',
      name: 'Zelda Quill',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await found('zelda q')).toEqual(['under_score@searchco.test']);
    expect(await found('dora')).toEqual([]);
  });
});

describe('a list of 100,000 users', () => {
  beforeAll(async () => {
    await platform.db.query(
      `INSERT INTO organizations (id, name, status, licenses, customer_segment) VALUES ('bigco', 'Big Co', 'active', $1, 'employer')`,
      [{ tableau_user_licenses: { explorer_count: 0, viewer_count: 0 }, user_limit: 200000, products: {} }],
    );
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash)
       SELECT 'person' || i || '@bigco.test', 'bigco', 'Person ' || lpad(i::text, 6, '0'), 'not-a-hash'
         FROM generate_series(1, 100000) AS i`,
    );
    await platform.db.query('ANALYZE users');
  }, 120000);

  it('pages, searches and sorts (speed is measured by pnpm bench, not here)', async () => {
    const list = async (url: string) => (await call('GET', url, 'admin@meridian.test')).json();
    const first = await list('/user?organizationId=bigco&limit=50');
    expect(first.total).toBe(100000);
    expect(first.data[0].name).toBe('Person 000001');
    const deep = await list('/user?organizationId=bigco&limit=50&offset=50000&sort=-email');
    expect(deep.data).toHaveLength(50);
    const search = await list('/user?organizationId=bigco&limit=50&search=person 09999');
    expect(search.total).toBe(10);
  });

  it('keeps every unfiltered total equal to a real count, through bulk and single inserts', async () => {
    await call('POST', '/user?organizationId=bigco', 'admin@meridian.test', newUser('counted@bigco.test'));
    const counts = async (organizationId?: string) => {
      const where = organizationId ? 'WHERE organization_id = $1' : '';
      const real = (
        await platform.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM users ${where}`,
          organizationId ? [organizationId] : [],
        )
      ).rows[0]!.n;
      const url = organizationId ? `/user?organizationId=${organizationId}&limit=1` : '/user?limit=1';
      return { listed: (await call('GET', url, 'admin@meridian.test')).json().total, real };
    };
    for (const organizationId of ['bigco', 'acme', 'globex', undefined]) {
      const { listed, real } = await counts(organizationId);
      expect(listed, organizationId ?? 'all organizations').toBe(real);
    }
    expect((await counts('bigco')).listed).toBe(100001);
  });
});
