// Users, their credentials, passwords and the session through GraphQL, as an internal tool (client
// credentials acting as systemAdmin) and as signed-in users: spec section 7's user calls, validation
// refusals as inputErrors naming the field, the Email scalar's message, and a secret shown only once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_MESSAGE,
  PASSWORD_POLICY_MESSAGE,
  ROLE_PERMISSIONS,
  roleToEnum,
  outsideDomainsMessage,
  roleInOrganizationRefusal,
  seatLimitMessage,
} from '@meridian/schema';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';
import { watchedGateway } from '../../test-support/watched-gateway.js';
import { CLIENT_PASSWORD_DAYS_LEFT } from '../session/resolvers.js';

/** Answers are read loosely: each document fixes the shape it asks for (JSON.parse's own any). */
type Json = ReturnType<typeof JSON.parse>;

let gateway: TestGateway;
let tool: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
});

afterAll(async () => {
  await gateway?.close();
});

/** Runs a document (as the tool unless a token is given) and answers its data, failing on any error. */
async function data<T = Json>(
  query: string,
  variables?: Record<string, unknown>,
  token: string | null = tool,
): Promise<T> {
  const { status, body } = await gateway.request(query, variables, token ?? undefined);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data as T;
}

const USER_FIELDS = `email name alternateEmail jobTitle role active directDataAccessEnabled organizationId tableauLicense tableauUser
  dataAccessInfo { id active generatedAt daysToExpire }`;
const PAYLOAD = `user { ${USER_FIELDS} } inputErrors { field message }`;

describe('reading users', () => {
  it('lists an organization’s users sorted and paged, and searches every organization without one', async () => {
    const { users } = await data(`{ users(organizationId: "acme", sort: { field: EMAIL, direction: DESC }, limit: 2) {
      rows { email } pageInfo { total limit offset } } }`);
    expect(users).toEqual({
      rows: [{ email: 'user@acme.test' }, { email: 'orgadmin@acme.test' }],
      pageInfo: { total: 3, limit: 2, offset: 0 },
    });
    const { users: everywhere } = await data(
      `{ users(search: "globex", sort: { field: NAME }) { rows { email organizationId } pageInfo { total } } }`,
    );
    expect(everywhere.rows).toEqual([
      { email: 'user@globex.test', organizationId: 'globex' },
      { email: 'orgadmin@globex.test', organizationId: 'globex' },
    ]);
  });

  it('says how each person came and when they last signed in, sorts by it and filters by the way they came', async () => {
    const own = await gateway.tokens.user('user@acme.test');
    const { user } = await data(`{ user(email: "user@acme.test") { provenance lastSignInAt } }`, undefined, own);
    expect(user).toEqual({ provenance: 'CONSOLE', lastSignInAt: null });
    const { users } = await data(`{ users(organizationId: "acme", sort: { field: LAST_SIGN_IN_AT, direction: DESC },
      provenance: CONSOLE) { rows { email provenance } pageInfo { total } } }`);
    expect(users.rows.every((row: Json) => row.provenance === 'CONSOLE')).toBe(true);
    expect(users.pageInfo.total).toBe(users.rows.length);
    const { organization } = await data(
      `{ organization(id: "acme") { users(provenance: SCIM) { rows { email } pageInfo { total } } } }`,
    );
    expect(organization.users).toEqual({ rows: [], pageInfo: { total: 0 } });
  });

  it('reads a user with Tableau license, data-access entries, organization and password dates', async () => {
    const { user } = await data(`{ user(email: "USER@acme.test") { ${USER_FIELDS} organization { id }
      passwordResetMeta { lastResetRequestedAt passwordChangedAt expiresAt } } }`);
    expect(user).toMatchObject({
      email: 'user@acme.test',
      role: 'ORG_USER',
      tableauLicense: 'VIEWER',
      tableauUser: true,
      directDataAccessEnabled: true,
      organization: { id: 'acme' },
      dataAccessInfo: [{ id: 'cred-user-acme', active: true, daysToExpire: 2, generatedAt: expect.any(String) }],
      passwordResetMeta: { lastResetRequestedAt: null },
    });
    expect(Date.parse(user.passwordResetMeta.expiresAt)).toBeGreaterThan(
      Date.parse(user.passwordResetMeta.passwordChangedAt),
    );
  });

  it('answers null for a user that does not exist, and refuses a malformed email with the validator’s words', async () => {
    expect(await data(`{ user(email: "nobody@acme.test") { email } }`)).toEqual({ user: null });
    // In the document, and as a variable: the same words either way.
    const literal = await gateway.request(`{ user(email: "not an email") { email } }`, undefined, tool);
    const variable = await gateway.request(
      `query($email: Email!) { user(email: $email) { email } }`,
      { email: 'not an email' },
      tool,
    );
    for (const { status, body } of [literal, variable]) {
      expect(status).toBe(400);
      expect(body.errors?.[0]?.message).toContain(EMAIL_MESSAGE);
    }
  });
});

describe('creating and changing users', () => {
  const create = `mutation($input: CreateUserInput!) { createUser(organizationId: "globex", input: $input) { ${PAYLOAD} } }`;
  const newUser = {
    name: 'Nina New',
    email: 'Nina@Globex.test',
    password: 'a-good-password-1',
    tableauLicense: 'EXPLORER',
  };

  it('refuses a weak password, naming the input field', async () => {
    const { createUser } = await data(create, { input: { ...newUser, password: 'short' } });
    expect(createUser).toEqual({
      user: null,
      inputErrors: [{ field: 'input.password', message: PASSWORD_POLICY_MESSAGE }],
    });
  });

  it('creates a user (email in lowercase) and refuses a second one past the Explorer seats', async () => {
    const { createUser } = await data(create, { input: newUser });
    expect(createUser.inputErrors).toEqual([]);
    expect(createUser.user).toMatchObject({
      email: 'nina@globex.test',
      role: 'ORG_USER',
      active: true,
      tableauLicense: 'EXPLORER',
      organizationId: 'globex',
    });

    const duplicate = await data(create, { input: newUser });
    expect(duplicate.createUser.inputErrors).toEqual([
      { field: 'input.email', message: 'A user with email nina@globex.test already exists (in globex).' },
    ]);
    // Globex's license has 2 Explorer seats: one more fills them, the next is refused.
    await data(create, { input: { ...newUser, email: 'second@globex.test' } });
    const third = await data(create, { input: { ...newUser, email: 'third@globex.test' } });
    expect(third.createUser.inputErrors).toEqual([{ field: null, message: seatLimitMessage('explorer', 2) }]);
  });

  it('refuses a system role for a customer organization’s user before writing, in schema’s words', async () => {
    // The platform's service holds the rule: the gateway passes the request on and reads nothing first.
    const watched = await watchedGateway(gateway);
    const asTool = async (query: string, variables: Record<string, unknown>) => {
      watched.calls.length = 0;
      const response = await fetch(`${watched.gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tool}` },
        body: JSON.stringify({ query, variables }),
      });
      return ((await response.json()) as { data: Json }).data;
    };
    const message = roleInOrganizationRefusal('systemViewer', 'Globex Care', 'Meridian');
    try {
      const { createUser } = await asTool(create, {
        input: { ...newUser, email: 'viewer.to.be@globex.test', role: 'SYSTEM_VIEWER' },
      });
      expect(createUser).toEqual({ user: null, inputErrors: [{ field: 'input.role', message }] });
      expect(watched.calls).toEqual([expect.stringMatching(/^POST \/user\b/)]);
      const update = `mutation($input: UpdateUserInput!) { updateUser(organizationId: "globex", email: "orgadmin@globex.test", input: $input) { ${PAYLOAD} } }`;
      const { updateUser } = await asTool(update, { input: { role: 'SYSTEM_VIEWER' } });
      expect(updateUser).toEqual({ user: null, inputErrors: [{ field: 'input.role', message }] });
      expect(watched.calls).toEqual([expect.stringMatching(/^PUT \/user\b/)]);
    } finally {
      await watched.close();
    }
    const { rows } = await gateway.platform.db.query<{ role: string }>(
      `SELECT role FROM users WHERE email = 'orgadmin@globex.test'`,
    );
    expect(rows[0]!.role).toBe('orgAdmin');
  });

  it('needs a confirmation for an email outside the organization’s domains', async () => {
    const outside = { ...newUser, email: 'someone@gmail.test', tableauLicense: null };
    const refused = await data(create, { input: outside });
    expect(refused.createUser).toEqual({
      user: null,
      inputErrors: [
        { field: 'input.email', message: outsideDomainsMessage('someone@gmail.test', 'Globex Care', ['globex.test']) },
      ],
    });
    const confirmed = await data(create, { input: { ...outside, allowOutsideDomain: true } });
    expect(confirmed.createUser.inputErrors).toEqual([]);
    expect(confirmed.createUser.user.email).toBe('someone@gmail.test');
  });

  it('updates name, role, job title and Tableau license, and clears the license and the job title', async () => {
    const update = `mutation($input: UpdateUserInput!) { updateUser(organizationId: "globex", email: "nina@globex.test", input: $input) { ${PAYLOAD} } }`;
    const { updateUser } = await data(update, {
      input: {
        name: 'Nina Admin',
        role: 'ORG_ADMIN',
        tableauLicense: 'VIEWER',
        alternateEmail: 'nina@home.test',
        jobTitle: ' Practice manager ',
      },
    });
    expect(updateUser.user).toMatchObject({
      name: 'Nina Admin',
      role: 'ORG_ADMIN',
      tableauLicense: 'VIEWER',
      alternateEmail: 'nina@home.test',
      jobTitle: 'Practice manager',
    });
    const cleared = await data(update, { input: { clearTableauLicense: true, alternateEmail: null, jobTitle: null } });
    expect(cleared.updateUser.user).toMatchObject({
      tableauLicense: null,
      tableauUser: false,
      alternateEmail: null,
      jobTitle: null,
    });
    const blank = await data(update, { input: { name: '  ' } });
    expect(blank.updateUser.inputErrors).toEqual([{ field: 'input.name', message: 'Name is required.' }]);
    const long = await data(update, { input: { jobTitle: 'x'.repeat(129) } });
    expect(long.updateUser.inputErrors).toEqual([
      { field: 'input.jobTitle', message: expect.stringMatching(/at most 128 characters/) },
    ]);
  });

  it('deactivates and activates a user', async () => {
    const set = `mutation($active: Boolean!) { setUserActive(email: "second@globex.test", active: $active) { ${PAYLOAD} } }`;
    expect((await data(set, { active: false })).setUserActive.user.active).toBe(false);
    expect((await data(set, { active: true })).setUserActive.user.active).toBe(true);
  });
});

describe('data access and user credentials', () => {
  it('enables data access, shows a credential’s secret once, and disables it', async () => {
    const enabled = await data(
      `mutation { setUserDataAccess(email: "user@globex.test", enabled: true) { ${PAYLOAD} } }`,
    );
    expect(enabled.setUserDataAccess.user.directDataAccessEnabled).toBe(true);

    const { createUserCredential: created } = await data(`mutation { createUserCredential(email: "user@globex.test") {
      secret credential { id userEmail organizationId enabled daysToExpire } user { dataAccessInfo { id active } } inputErrors { message } } }`);
    expect(created.secret).toMatch(/^[\w-]{40,}$/);
    expect(created.credential).toMatchObject({
      userEmail: 'user@globex.test',
      organizationId: 'globex',
      enabled: true,
      daysToExpire: 90,
    });
    // The user in the payload is read after the change: a normalized cache updates itself.
    expect(created.user.dataAccessInfo).toContainEqual({ id: created.credential.id, active: true });

    const read = await data(`{ user(email: "user@globex.test") { ${USER_FIELDS} } viewer { email } }`);
    expect(JSON.stringify(read)).not.toContain(created.secret);

    const { disableUserCredential } = await data(
      `mutation($id: ID!) { disableUserCredential(email: "user@globex.test", credentialId: $id) {
        credential { id enabled } user { dataAccessInfo { id active } } } }`,
      { id: created.credential.id },
    );
    expect(disableUserCredential.credential).toEqual({ id: created.credential.id, enabled: false });
    expect(disableUserCredential.user.dataAccessInfo).toContainEqual({ id: created.credential.id, active: false });

    const disabled = await data(
      `mutation { setUserDataAccess(email: "user@globex.test", enabled: false) { ${PAYLOAD} } }`,
    );
    expect(disabled.setUserDataAccess.user.directDataAccessEnabled).toBe(false);
    const refused = await data(
      `mutation { createUserCredential(email: "user@globex.test") { secret credential { id } inputErrors { field message } } }`,
    );
    expect(refused.createUserCredential).toEqual({
      secret: null,
      credential: null,
      inputErrors: [
        {
          field: null,
          message: 'Direct data access is not enabled for user@globex.test. Enable it before creating a credential.',
        },
      ],
    });
  });

  it('lets a user with direct data access create their own credential', async () => {
    const token = await gateway.tokens.user('user@acme.test');
    const { createUserCredential } = await data(
      `mutation { createUserCredential(email: "user@acme.test") { secret credential { createdBy } } }`,
      undefined,
      token,
    );
    expect(createUserCredential).toMatchObject({
      secret: expect.any(String),
      credential: { createdBy: 'user@acme.test' },
    });
  });

  it('names a credential and chooses its lifetime, and names the input field a refusal is about', async () => {
    const token = await gateway.tokens.user('user@acme.test');
    const { createUserCredential: named } = await data(
      `mutation { createUserCredential(email: "user@acme.test", input: { name: "Nightly claims export", lifetimeDays: 30 }) {
        credential { id name lifetimeDays daysToExpire generatedAt expiresAt } user { dataAccessInfo { id name daysToExpire } } } }`,
      undefined,
      token,
    );
    expect(named.credential).toMatchObject({ name: 'Nightly claims export', lifetimeDays: 30, daysToExpire: 30 });
    expect(Date.parse(named.credential.expiresAt) - Date.parse(named.credential.generatedAt)).toBe(30 * 86_400_000);
    expect(named.user.dataAccessInfo).toContainEqual({
      id: named.credential.id,
      name: 'Nightly claims export',
      daysToExpire: 30,
    });

    const { createUserCredential: refused } = await data(
      `mutation { createUserCredential(email: "user@acme.test", input: { lifetimeDays: 365 }) {
        secret inputErrors { field message } } }`,
      undefined,
      token,
    );
    expect(refused.secret).toBeNull();
    expect(refused.inputErrors).toEqual([{ field: 'input.lifetimeDays', message: expect.stringMatching(/90/) }]);
  });
});

describe('passwords', () => {
  /** The password the reset below sets; the change after it starts from it. */
  const RESET_PASSWORD = 'a-new-password-2';

  /** The one-time token of the newest link mailed to `email` (the testing environment's outbox). */
  async function mailedToken(email: string): Promise<string> {
    const { rows } = await gateway.platform.db.query<{ link: string }>(
      'SELECT link FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    return new URL(rows[0]!.link).searchParams.get('token')!;
  }

  it('sends a reset link to anyone who asks, anonymously, and sets the password with its token once', async () => {
    const ask = await data(
      `mutation { requestPasswordReset(email: "orgadmin@globex.test") { ok inputErrors { message } } }`,
      undefined,
      null,
    );
    expect(ask.requestPasswordReset).toEqual({ ok: true, inputErrors: [] });
    const token = await mailedToken('orgadmin@globex.test');
    // Issue 39: whose account the link is for, to anyone holding it, without using it.
    const link = `query($token: String!) { passwordLink(token: $token) { email invitation expiresAt } }`;
    const named = (await data(link, { token }, null)).passwordLink;
    expect(named).toMatchObject({ email: 'orgadmin@globex.test', invitation: false });
    expect(Date.parse(named.expiresAt)).toBeGreaterThan(Date.now());

    const set = `mutation($token: String!, $password: String!) { createPassword(token: $token, password: $password) { ok inputErrors { field message } } }`;
    const weak = await data(set, { token, password: 'short' }, null);
    expect(weak.createPassword).toEqual({
      ok: false,
      inputErrors: [{ field: 'password', message: PASSWORD_POLICY_MESSAGE }],
    });
    expect((await data(set, { token, password: RESET_PASSWORD }, null)).createPassword).toEqual({
      ok: true,
      inputErrors: [],
    });
    const reused = await data(set, { token, password: 'a-new-password-3' }, null);
    expect(reused.createPassword).toEqual({
      ok: false,
      inputErrors: [{ field: null, message: 'This link has expired or was already used. Ask for a new one.' }],
    });
    // Spent: the link names nobody any more.
    expect((await data(link, { token }, null)).passwordLink).toBeNull();
  });

  it('lets an administrator start a reset, which the user’s reset meta then shows', async () => {
    expect(
      (await data(`mutation { initiatePasswordReset(email: "user@globex.test") { ok } }`)).initiatePasswordReset.ok,
    ).toBe(true);
    const { user } = await data(`{ user(email: "user@globex.test") { passwordResetMeta { lastResetRequestedAt } } }`);
    expect(user.passwordResetMeta.lastResetRequestedAt).toEqual(expect.any(String));
  });

  it('changes a signed-in user’s own password, naming the wrong current password by its argument', async () => {
    const token = await gateway.tokens.user('orgadmin@globex.test');
    const change = `mutation($current: String!, $next: String!) { changePassword(currentPassword: $current, newPassword: $next) { ok inputErrors { field message } } }`;
    const wrong = await data(change, { current: 'not-my-password-1', next: 'another-password-9' }, token);
    expect(wrong.changePassword).toEqual({
      ok: false,
      inputErrors: [{ field: 'currentPassword', message: 'Current password is incorrect.' }],
    });
    expect((await data(change, { current: RESET_PASSWORD, next: 'another-password-9' }, token)).changePassword.ok).toBe(
      true,
    );
  });
});

describe('the viewer', () => {
  const VIEWER = `{ viewer { email name role permissions organizationId organization { id } isPasswordExpiring
    daysLeftForPasswordExpiry passwordExpiresAt directDataAccessEnabled dataAccessInfo { id } tableauLicense isClient organizationName biPortalUrl features { key isAvailable } } }`;

  it('is the internal tool itself: its role’s permissions, no password to expire', async () => {
    const { viewer } = await data(VIEWER);
    expect(viewer).toEqual({
      email: 'meridian-cli',
      name: 'meridian-cli',
      role: 'SYSTEM_ADMIN',
      permissions: [...ROLE_PERMISSIONS.systemAdmin],
      organizationId: 'meridian',
      organization: { id: 'meridian' },
      isPasswordExpiring: false,
      daysLeftForPasswordExpiry: CLIENT_PASSWORD_DAYS_LEFT,
      passwordExpiresAt: null,
      directDataAccessEnabled: false,
      dataAccessInfo: [],
      tableauLicense: null,
      isClient: true,
      organizationName: null,
      biPortalUrl: null,
      features: expect.arrayContaining([{ key: 'feature:managed-providers', isAvailable: true }]),
    });
  });

  it('is the signed-in user from their record; an Org User’s organization is null, its name and portal URL known', async () => {
    const { viewer } = await data(VIEWER, undefined, await gateway.tokens.user('user@acme.test'));
    expect(viewer).toMatchObject({
      email: 'user@acme.test',
      name: 'Uma Acme',
      role: roleToEnum('orgUser'),
      permissions: [...ROLE_PERMISSIONS.orgUser],
      organizationId: 'acme',
      organization: null,
      isPasswordExpiring: false,
      daysLeftForPasswordExpiry: 90,
      directDataAccessEnabled: true,
      tableauLicense: 'VIEWER',
      isClient: false,
      organizationName: 'Acme Health',
      biPortalUrl: 'https://bi.acme.test/portal',
    });
    expect(viewer.dataAccessInfo).toContainEqual({ id: 'cred-user-acme' });
    // An Org User may not read the organization, but knows which of its features are available.
    expect(viewer.features).toContainEqual({ key: 'feature:managed-providers', isAvailable: true });
    expect(Date.parse(viewer.passwordExpiresAt)).toBeGreaterThan(Date.now());
  });
});
