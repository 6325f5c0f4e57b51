import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ORG_ADMIN_MESSAGE } from '@meridian/schema';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import {
  SCIM,
  expectScimError,
  expectScimJson,
  issueScimToken,
  patchOp,
  scimClient,
  scimIdOf,
  userRow,
  type IssuedToken,
  type ScimClient,
} from '../test-support/scim-client.js';

/**
 * /Groups: Meridian's groups are the organization's roles (issue 31), "Org Admins" (id orgAdmin) and
 * "Org Users" (id orgUser); a membership change is a role change through the domain's rules. Each test
 * names the section of RFC 7643 (the Group resource) or RFC 7644 (the protocol) it holds the service to,
 * and Entra ID's group requests are replayed as Microsoft publishes them. Real platform, PGlite or
 * PostgreSQL (TEST_DATABASE_URL).
 */

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

let platform: TestPlatform;
let acme: IssuedToken;
let globex: IssuedToken;
let directory: ScimClient;
let BASE: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  acme = await issueScimToken(platform, 'acme', 'Groups');
  globex = await issueScimToken(platform, 'globex', 'Globex groups');
  directory = scimClient(platform, acme.token);
  BASE = platform.config.scimBaseUrl;
  await platform.db.query(
    `UPDATE organizations SET licenses = jsonb_set(licenses, '{user_limit}', to_jsonb(1000)) WHERE id = 'acme'`,
  );
});
afterAll(() => platform.close());

interface Member {
  value: string;
  display: string;
  $ref: string;
  type: string;
}
interface GroupBody {
  schemas: string[];
  id: string;
  displayName: string;
  members?: Member[];
  meta: { resourceType: string; created: string; lastModified: string; location: string };
}
interface ListBody<T> {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}

const body = <T>(response: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
};
const group = async (path: string, client = directory) => body<GroupBody>(await client.get(path));
const groups = async (query: string, client = directory) =>
  body<ListBody<GroupBody>>(await client.get(`/Groups${query}`));
const where = (filter: string, more = '') => `?filter=${encodeURIComponent(filter)}${more}`;
const memberIds = (answer: GroupBody) => (answer.members ?? []).map((member) => member.value);

/** A new person of acme, provisioned by the directory (Org User unless `role` says otherwise). */
async function provision(role?: string) {
  const userName = `group-${randomUUID().slice(0, 8)}@acme.test`;
  const created = body<{ id: string }>(
    await directory.post('/Users', {
      schemas: [SCIM.user],
      userName,
      ...(role ? { roles: [{ value: role }] } : {}),
    }),
    201,
  );
  return { id: created.id, email: userName };
}

const roleOf = async (email: string) => (await userRow(platform, email))?.role;
const addTo = (id: string, ...people: string[]) =>
  directory.patch(`/Groups/${id}`, patchOp({ op: 'add', path: 'members', value: people.map((value) => ({ value })) }));

async function roleChanges(email: string) {
  const { rows } = await platform.db.query<{ actor: string; actor_kind: string; details: Record<string, unknown> }>(
    `SELECT actor, actor_kind, details FROM audit_events WHERE target_id = $1 AND action = 'user.role-change' ORDER BY id`,
    [email],
  );
  return rows;
}

describe('reading groups (RFC 7643 §4.2, RFC 7644 §3.4)', () => {
  it('§3.4.2: GET /Groups lists the two roles as groups, in SCIM’s ListResponse, without members', async () => {
    const response = await directory.get('/Groups');
    expectScimJson(response);
    const list = body<ListBody<GroupBody>>(response);
    expect(list).toMatchObject({ schemas: [SCIM.listResponse], totalResults: 2, startIndex: 1, itemsPerPage: 2 });
    expect(list.Resources.map(({ id, displayName }) => ({ id, displayName }))).toEqual([
      { id: 'orgAdmin', displayName: 'Org Admins' },
      { id: 'orgUser', displayName: 'Org Users' },
    ]);
    // Org Users may hold every person of the organization: a list leaves members to GET /Groups/{id}.
    for (const each of list.Resources) expect(each).not.toHaveProperty('members');
  });

  it('RFC 7643 §4.2 / §3.1: a group has the Group schema, its members as User references, and meta', async () => {
    const admins = await group('/Groups/orgAdmin');
    const adminId = await scimIdOf(platform, 'orgadmin@acme.test');
    const { rows } = await platform.db.query<{ created_at: Date }>(
      `SELECT created_at FROM organizations WHERE id = 'acme'`,
    );
    expect(admins).toMatchObject({
      schemas: [GROUP],
      id: 'orgAdmin',
      displayName: 'Org Admins',
      meta: { resourceType: 'Group', location: `${BASE}/Groups/orgAdmin`, created: rows[0]!.created_at.toISOString() },
    });
    expect(admins.members).toContainEqual({
      value: adminId,
      display: 'orgadmin@acme.test',
      $ref: `${BASE}/Users/${adminId}`,
      type: 'User',
    });
    expect(Date.parse(admins.meta.lastModified)).toBeGreaterThanOrEqual(Date.parse(admins.meta.created));
  });

  it('RFC 7643 §4.2: members are the organization’s people holding the role, active or not; never another organization’s', async () => {
    const users = memberIds(await group('/Groups/orgUser'));
    expect(users).toContain(await scimIdOf(platform, 'user@acme.test'));
    // A deactivated person keeps their role, so their group.
    expect(users).toContain(await scimIdOf(platform, 'inactive@acme.test'));
    expect(users).not.toContain(await scimIdOf(platform, 'orgadmin@acme.test'));
    expect(users).not.toContain(await scimIdOf(platform, 'user@globex.test'));
    expect(users).not.toContain(await scimIdOf(platform, 'admin@meridian.test'));
  });

  it('RFC 7644 §3.6: a person whose resource DELETE removed is in no group', async () => {
    const person = await provision();
    expect(memberIds(await group('/Groups/orgUser'))).toContain(person.id);
    expect((await directory.delete(`/Users/${person.id}`)).statusCode).toBe(204);
    expect(memberIds(await group('/Groups/orgUser'))).not.toContain(person.id);
  });

  it('§3.4.1: an unknown group answers 404; ids are case-exact and system roles are no groups', async () => {
    for (const id of ['nothing', 'orgadmin', 'systemAdmin', 'systemViewer'])
      expectScimError(await directory.get(`/Groups/${id}`), 404);
  });

  it('§3.4.2.2: filters on displayName (caseless: eq, co, sw) and id (eq)', async () => {
    const ids = async (filter: string) => (await groups(where(filter))).Resources.map((each) => each.id);
    expect(await ids('displayName eq "org admins"')).toEqual(['orgAdmin']);
    expect(await ids('displayName co "USER"')).toEqual(['orgUser']);
    expect(await ids('displayName sw "Org"')).toEqual(['orgAdmin', 'orgUser']);
    expect(await ids('id eq "orgUser"')).toEqual(['orgUser']);
    expect(await ids('id eq "orguser"')).toEqual([]);
    expect(await ids('displayName eq "Nurses" or id eq "orgAdmin"')).toEqual(['orgAdmin']);
    expect(await ids('not (displayName eq "Org Admins")')).toEqual(['orgUser']);
  });

  it('§3.4.2.2: a filter on another attribute, or one that cannot be read, is 400 invalidFilter', async () => {
    const other = expectScimError(await directory.get(`/Groups${where('externalId eq "x"')}`), 400, 'invalidFilter');
    expect(other.detail).toContain('externalId');
    expectScimError(await directory.get(`/Groups${where('displayName eq')}`), 400, 'invalidFilter');
  });

  it('§3.4.2.4: startIndex and count page the groups; count=0 answers only the total', async () => {
    const second = await groups('?startIndex=2&count=1');
    expect(second).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(second.Resources.map((each) => each.id)).toEqual(['orgUser']);
    expect(await groups('?count=0')).toMatchObject({ totalResults: 2, itemsPerPage: 0, Resources: [] });
  });

  it('§3.4.2.3: sortBy displayName descending', async () => {
    const list = await groups('?sortBy=displayName&sortOrder=descending');
    expect(list.Resources.map((each) => each.id)).toEqual(['orgUser', 'orgAdmin']);
    expectScimError(await directory.get('/Groups?sortBy=members'), 400, 'invalidValue');
  });

  it('§3.4.3: POST /Groups/.search takes the query in its body', async () => {
    const found = body<ListBody<GroupBody>>(
      await directory.post('/Groups/.search', {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'],
        filter: 'displayName eq "Org Users"',
        excludedAttributes: ['members'],
      }),
    );
    expect(found.Resources.map((each) => each.id)).toEqual(['orgUser']);
  });
});

describe('attributes and excludedAttributes (RFC 7644 §3.4.2.5, §3.9)', () => {
  it('§3.9: excludedAttributes=members leaves a group’s members out; id, schemas and meta are always returned', async () => {
    const admins = await group('/Groups/orgAdmin?excludedAttributes=members');
    expect(admins).not.toHaveProperty('members');
    expect(admins).toMatchObject({ id: 'orgAdmin', displayName: 'Org Admins', schemas: [GROUP] });
    const only = await group('/Groups/orgAdmin?attributes=displayName&excludedAttributes=id,meta,schemas');
    expect(Object.keys(only).sort()).toEqual(['displayName', 'id', 'meta', 'schemas']);
    const urn = await group(`/Groups/orgAdmin?attributes=${encodeURIComponent(`${GROUP}:members.value`)}`);
    expect(urn.members!.every((member) => Object.keys(member).join() === 'value')).toBe(true);
  });

  it('§3.4.2.5: a list asked for members is refused 400 tooMany; GET /Groups/{id} answers them', async () => {
    const refused = expectScimError(await directory.get('/Groups?attributes=members'), 400, 'tooMany');
    expect(refused.detail).toContain('GET /Groups/{id}');
  });

  it('§3.9: on /Users, attributes names what is returned (top level, sub-attributes, URN-prefixed) and excludedAttributes what is not', async () => {
    const person = await provision();
    const only = body<Record<string, unknown>>(await directory.get(`/Users/${person.id}?attributes=userName`));
    expect(Object.keys(only).sort()).toEqual(['id', 'meta', 'schemas', 'userName']);
    const prefixed = body<Record<string, unknown>>(
      await directory.get(`/Users/${person.id}?attributes=${encodeURIComponent(`${SCIM.user}:emails.value,active`)}`),
    );
    expect(prefixed).toMatchObject({ active: true, emails: [{ value: person.email }] });
    expect(prefixed.emails).toEqual([{ value: person.email }]);
    const without = body<Record<string, unknown>>(
      await directory.get(`/Users/${person.id}?excludedAttributes=emails,roles`),
    );
    expect(without).not.toHaveProperty('emails');
    expect(without).not.toHaveProperty('roles');
    expect(without).toMatchObject({ id: person.id, userName: person.email });
    const listed = body<ListBody<Record<string, unknown>>>(
      await directory.get(`/Users?filter=${encodeURIComponent(`userName eq "${person.email}"`)}&attributes=userName`),
    );
    expect(listed.Resources).toEqual([
      { schemas: [SCIM.user], id: person.id, userName: person.email, meta: expect.any(Object) },
    ]);
  });
});

describe('changing members (RFC 7644 §3.5.2): a membership is a role', () => {
  it('§3.5.2.1: add members to Org Admins makes them Org Admins, 204, audited with the directory as actor', async () => {
    const person = await provision();
    const response = await addTo('orgAdmin', person.id);
    expect(response.statusCode, response.body).toBe(204);
    expect(await roleOf(person.email)).toBe('orgAdmin');
    expect(memberIds(await group('/Groups/orgAdmin'))).toContain(person.id);
    expect(memberIds(await group('/Groups/orgUser'))).not.toContain(person.id);
    const user = body<{ roles: { value: string }[] }>(await directory.get(`/Users/${person.id}`));
    expect(user.roles).toEqual([expect.objectContaining({ value: 'orgAdmin' })]);
    expect(await roleChanges(person.email)).toEqual([
      expect.objectContaining({ actor: `scim:${acme.id}`, actor_kind: 'directory' }),
    ]);
  });

  it('§3.5.2.2: remove with path members[value eq "…"] takes a person out of Org Admins: they become an Org User', async () => {
    const person = await provision('orgAdmin');
    const response = await directory.patch(
      '/Groups/orgAdmin',
      patchOp({ op: 'remove', path: `members[value eq "${person.id}"]` }),
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await roleOf(person.email)).toBe('orgUser');
  });

  it('§3.5.2.2: remove with a value list does the same; someone not in the group is no change', async () => {
    const admin = await provision('orgAdmin');
    const user = await provision();
    const response = await directory.patch(
      '/Groups/orgAdmin',
      patchOp({ op: 'remove', path: 'members', value: [{ value: admin.id }, { value: user.id }] }),
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await roleOf(admin.email)).toBe('orgUser');
    expect(await roleOf(user.email)).toBe('orgUser');
    expect(await roleChanges(user.email)).toEqual([]);
  });

  it('§3.5.2.1: add to Org Users moves an Org Admin there (a person is in one group: their role)', async () => {
    const admin = await provision('orgAdmin');
    expect((await addTo('orgUser', admin.id)).statusCode).toBe(204);
    expect(await roleOf(admin.email)).toBe('orgUser');
  });

  it('§3.5.2.2: removing someone from Org Users is 400: a person leaves Org Users only by joining Org Admins', async () => {
    const person = await provision();
    const refused = expectScimError(
      await directory.patch('/Groups/orgUser', patchOp({ op: 'remove', path: `members[value eq "${person.id}"]` })),
      400,
      'invalidValue',
    );
    expect(refused.detail).toContain('a person leaves Org Users only by joining Org Admins');
    expect(await roleOf(person.email)).toBe('orgUser');
  });

  it('§3.12: an unknown member id is 400 invalidValue naming it, and nothing of the request is changed', async () => {
    const person = await provision();
    const unknown = randomUUID();
    const refused = expectScimError(await addTo('orgAdmin', person.id, unknown, 'not-a-uuid'), 400, 'invalidValue');
    expect(refused.detail).toContain(unknown);
    expect(refused.detail).toContain('not-a-uuid');
    expect(await roleOf(person.email)).toBe('orgUser');
    expect(await roleChanges(person.email)).toEqual([]);
  });

  it('§3.5.2: the last Org Admin cannot leave Org Admins; the refusal is the domain’s words', async () => {
    const client = scimClient(platform, globex.token);
    const adminId = await scimIdOf(platform, 'orgadmin@globex.test');
    const refused = expectScimError(
      await client.patch('/Groups/orgAdmin', patchOp({ op: 'Remove', path: `members[value eq "${adminId}"]` })),
      400,
      'invalidValue',
    );
    expect(refused.detail).toContain(LAST_ORG_ADMIN_MESSAGE);
    expect(await roleOf('orgadmin@globex.test')).toBe('orgAdmin');
    // Nor by joining Org Users, nor by a remove of every member.
    expectScimError(
      await client.patch('/Groups/orgUser', patchOp({ op: 'add', path: 'members', value: [{ value: adminId }] })),
      400,
      'invalidValue',
    );
    expectScimError(
      await client.patch('/Groups/orgAdmin', patchOp({ op: 'remove', path: 'members' })),
      400,
      'invalidValue',
    );
    expect(await roleOf('orgadmin@globex.test')).toBe('orgAdmin');
  });

  it('§3.5.2: operations apply in order in one transaction: a new admin first lets the last one go', async () => {
    const client = scimClient(platform, globex.token);
    const adminId = await scimIdOf(platform, 'orgadmin@globex.test');
    const userId = await scimIdOf(platform, 'user@globex.test');
    const response = await client.patch(
      '/Groups/orgAdmin',
      patchOp(
        { op: 'add', path: 'members', value: [{ value: userId }] },
        { op: 'remove', path: `members[value eq "${adminId}"]` },
      ),
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await roleOf('user@globex.test')).toBe('orgAdmin');
    expect(await roleOf('orgadmin@globex.test')).toBe('orgUser');
    // And back, as a replace of the whole membership (RFC 7644 §3.5.2.3).
    const back = await client.patch(
      '/Groups/orgAdmin',
      patchOp({ op: 'replace', path: 'members', value: [{ value: adminId }] }),
    );
    expect(back.statusCode, back.body).toBe(204);
    expect(await roleOf('orgadmin@globex.test')).toBe('orgAdmin');
    expect(await roleOf('user@globex.test')).toBe('orgUser');
  });

  it('§3.5.2.3: displayName cannot change (400 mutability); the same name is no change', async () => {
    for (const operation of [
      { op: 'replace', path: 'displayName', value: 'Administrators' },
      { op: 'replace', value: { displayName: 'Administrators' } },
      { op: 'remove', path: 'displayName' },
    ])
      expectScimError(await directory.patch('/Groups/orgAdmin', patchOp(operation)), 400, 'mutability');
    expect(
      (await directory.patch('/Groups/orgAdmin', patchOp({ op: 'replace', path: 'displayName', value: 'org admins' })))
        .statusCode,
    ).toBe(204);
  });

  it('§3.5.2: a malformed message is 400 invalidSyntax, a path naming nothing 400 invalidPath; unknown group 404', async () => {
    expectScimError(await directory.patch('/Groups/orgAdmin', { Operations: [] }), 400, 'invalidSyntax');
    expectScimError(
      await directory.patch('/Groups/orgAdmin', patchOp({ op: 'add', path: 'owners', value: [] })),
      400,
      'invalidPath',
    );
    expectScimError(
      await directory.patch('/Groups/orgAdmin', patchOp({ op: 'remove', path: 'members[display eq "x"]' })),
      400,
      'invalidPath',
    );
    expectScimError(await directory.patch('/Groups/nothing', patchOp({ op: 'add', path: 'members', value: [] })), 404);
  });

  it('§3.5.2 / §3.9: with attributes asked for, PATCH answers 200 and the group so shaped', async () => {
    const person = await provision();
    const response = await directory.patch(
      '/Groups/orgAdmin?attributes=members',
      patchOp({ op: 'add', path: 'members', value: [{ value: person.id }] }),
    );
    const answer = body<GroupBody>(response);
    expect(answer.displayName).toBeUndefined();
    expect(memberIds(answer)).toContain(person.id);
  });
});

describe('replacing members (RFC 7644 §3.5.1)', () => {
  it('§3.5.1: PUT Org Admins makes exactly the listed people its members; those not listed become Org Users', async () => {
    const [a, b] = [await provision('orgAdmin'), await provision()];
    const before = memberIds(await group('/Groups/orgAdmin'));
    const listed = [...before.filter((id) => id !== a.id), b.id];
    const replaced = body<GroupBody>(
      await directory.put('/Groups/orgAdmin', {
        schemas: [GROUP],
        displayName: 'Org Admins',
        members: listed.map((value) => ({ value })),
      }),
    );
    expect(memberIds(replaced).sort()).toEqual([...listed].sort());
    expect(await roleOf(a.email)).toBe('orgUser');
    expect(await roleOf(b.email)).toBe('orgAdmin');
  });

  it('§3.5.1: PUT Org Users is refused unless it only adds (everyone listed stays, a listed admin joins)', async () => {
    const admin = await provision('orgAdmin');
    const current = memberIds(await group('/Groups/orgUser'));
    const refused = expectScimError(
      await directory.put('/Groups/orgUser', {
        schemas: [GROUP],
        displayName: 'Org Users',
        members: [{ value: admin.id }],
      }),
      400,
      'invalidValue',
    );
    expect(refused.detail).toContain('a person leaves Org Users only by joining Org Admins');
    expect(await roleOf(admin.email)).toBe('orgAdmin');
    const members = [...current, admin.id].map((value) => ({ value }));
    const replaced = body<GroupBody>(
      await directory.put('/Groups/orgUser?excludedAttributes=members', {
        schemas: [GROUP],
        displayName: 'Org Users',
        members,
      }),
    );
    expect(replaced).not.toHaveProperty('members');
    expect(await roleOf(admin.email)).toBe('orgUser');
  });

  it('§3.5.1: a PUT with another displayName is 400 mutability; without the Group schema 400 invalidSyntax', async () => {
    expectScimError(
      await directory.put('/Groups/orgAdmin', { schemas: [GROUP], displayName: 'Admins', members: [] }),
      400,
      'mutability',
    );
    expectScimError(await directory.put('/Groups/orgAdmin', { displayName: 'Org Admins' }), 400, 'invalidSyntax');
  });
});

describe('creating and deleting groups (RFC 7644 §3.3, §3.6): the groups are fixed', () => {
  it('§3.3: POST of an existing group’s displayName is 409 uniqueness naming its id', async () => {
    const refused = expectScimError(
      await directory.post('/Groups', { schemas: [GROUP], displayName: 'org admins' }),
      409,
      'uniqueness',
    );
    expect(refused.detail).toBe('Org Admins exists: id orgAdmin.');
  });

  it('§3.3: POST of any other group is 400 invalidValue: the groups are the roles', async () => {
    const refused = expectScimError(
      await directory.post('/Groups', { schemas: [GROUP], displayName: 'Nurses' }),
      400,
      'invalidValue',
    );
    expect(refused.detail).toContain('Meridian’s groups are its roles: Org Admins, Org Users');
  });

  it('§3.6: DELETE of a group is 400 mutability, of an unknown one 404; nothing changes', async () => {
    expectScimError(await directory.delete('/Groups/orgAdmin'), 400, 'mutability');
    expectScimError(await directory.delete('/Groups/nothing'), 404);
    expect(memberIds(await group('/Groups/orgAdmin'))).toContain(await scimIdOf(platform, 'orgadmin@acme.test'));
  });
});

describe('tenant isolation: a token reaches only its organization’s people', () => {
  it('a globex token cannot add an acme person to its groups: 400 naming the id, and the person is unchanged', async () => {
    const person = await provision();
    const client = scimClient(platform, globex.token);
    const refused = expectScimError(
      await client.patch('/Groups/orgAdmin', patchOp({ op: 'add', path: 'members', value: [{ value: person.id }] })),
      400,
      'invalidValue',
    );
    expect(refused.detail).toContain(person.id);
    expect(refused.detail).not.toContain(person.email);
    expect(await roleOf(person.email)).toBe('orgUser');
    expectScimError(
      await client.put('/Groups/orgAdmin', {
        schemas: [GROUP],
        displayName: 'Org Admins',
        members: [{ value: person.id }],
      }),
      400,
      'invalidValue',
    );
  });

  it('a globex token’s groups list only globex people', async () => {
    const client = scimClient(platform, globex.token);
    const members = [
      ...(await group('/Groups/orgAdmin', client)).members!,
      ...(await group('/Groups/orgUser', client)).members!,
    ];
    expect(members.map((member) => member.display).sort()).toEqual(['orgadmin@globex.test', 'user@globex.test']);
  });
});

describe('Entra ID’s group requests, replayed', () => {
  // Source: "Tutorial: Develop and plan provisioning for a SCIM endpoint in Microsoft Entra ID",
  // https://learn.microsoft.com/en-us/entra/identity/app-provisioning/use-scim-to-provision-users-and-groups,
  // section "Group Operations": "Create Group", "Get Group", "Get Group by displayName", "Update Group [Non-member
  // attributes]", "Update Group [Add Members]", "Update Group [Remove Members]", "Delete Group". Meridian's groups
  // are fixed, so Create Group is refused (409 for an existing name, 400 for another) and the sequence goes on with
  // Org Admins; Microsoft's ids are replaced by the fixture's.
  const ENTRA_GROUP = 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group';
  const createGroup = (displayName: string) => ({
    schemas: [GROUP, ENTRA_GROUP],
    externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
    displayName,
    meta: { resourceType: 'Group' },
  });
  let member: { id: string; email: string };

  it('Create Group: a new name is 400 invalidValue; an existing group’s name is 409 uniqueness', async () => {
    expectScimError(await directory.post('/Groups', createGroup('displayName')), 400, 'invalidValue');
    expectScimError(await directory.post('/Groups', createGroup('Org Admins')), 409, 'uniqueness');
  });

  it('Get Group by displayName: GET /Groups?excludedAttributes=members&filter=displayName eq "…"', async () => {
    const found = await groups(
      `?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Org Admins"')}`,
    );
    expect(found).toMatchObject({ schemas: [SCIM.listResponse], totalResults: 1, itemsPerPage: 1, startIndex: 1 });
    expect(found.Resources[0]).toEqual({
      schemas: [GROUP],
      id: 'orgAdmin',
      displayName: 'Org Admins',
      meta: expect.objectContaining({ resourceType: 'Group' }),
    });
  });

  it('Get Group: GET /Groups/{id}?excludedAttributes=members', async () => {
    const found = await group('/Groups/orgAdmin?excludedAttributes=members');
    expect(found).toEqual({ schemas: [GROUP], id: 'orgAdmin', displayName: 'Org Admins', meta: expect.any(Object) });
  });

  it('Update Group [Non-member attributes]: a new displayName is refused 400 mutability', async () => {
    const rename = patchOp({
      op: 'Replace',
      path: 'displayName',
      value: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName',
    });
    expectScimError(await directory.patch('/Groups/orgAdmin', rename), 400, 'mutability');
  });

  it('Update Group [Add Members]: 204, and the person is an Org Admin', async () => {
    member = await provision();
    const add = patchOp({ op: 'Add', path: 'members', value: [{ $ref: null, value: member.id }] });
    const response = await directory.patch('/Groups/orgAdmin', add);
    expect(response.statusCode, response.body).toBe(204);
    expect(await roleOf(member.email)).toBe('orgAdmin');
  });

  it('Update Group [Remove Members]: 204, and the person is an Org User again', async () => {
    const remove = patchOp({ op: 'Remove', path: 'members', value: [{ $ref: null, value: member.id }] });
    const response = await directory.patch('/Groups/orgAdmin', remove);
    expect(response.statusCode, response.body).toBe(204);
    expect(await roleOf(member.email)).toBe('orgUser');
    expect((await roleChanges(member.email)).map((event) => event.actor_kind)).toEqual(['directory', 'directory']);
  });

  it('Delete Group: refused 400 mutability (a role is not deleted)', async () => {
    expectScimError(await directory.delete('/Groups/orgAdmin'), 400, 'mutability');
  });
});

describe('what a group answer costs', () => {
  let limited: TestPlatform;
  beforeAll(async () => {
    limited = await startTestPlatform({ scimRateLimitPerMinute: 6 });
    await limited.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, role)
       SELECT 'person' || n || '@globex.test', 'globex', 'Person ' || n, 'x', 'orgUser' FROM generate_series(1, 100) n`,
    );
  });
  afterAll(() => limited?.close());

  it('GET /Groups/{id} charges the token for the members it lists (101 people: two units more)', async () => {
    const { token } = await issueScimToken(limited, 'globex');
    const client = scimClient(limited, token);
    const users = await client.get('/Groups/orgUser');
    expect(body<GroupBody>(users).members).toHaveLength(101);
    expectScimError(await client.get('/ServiceProviderConfig'), 429);
  });

  it('without members (excludedAttributes, or a list) the answer costs one request', async () => {
    const { token } = await issueScimToken(limited, 'globex');
    const client = scimClient(limited, token);
    expect((await client.get('/Groups/orgUser?excludedAttributes=members')).statusCode).toBe(200);
    expect((await client.get('/Groups')).statusCode).toBe(200);
    expect((await client.get('/ServiceProviderConfig')).statusCode).toBe(200);
  });
});
