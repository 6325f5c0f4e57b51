import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import {
  SCIM,
  expectScimError,
  expectScimJson,
  isUuid,
  openSession,
  issueScimToken,
  patchOp,
  scimClient,
  sessionRevokedAt,
  userRow,
  usersWhere,
  type IssuedToken,
  type ScimClient,
} from '../test-support/scim-client.js';

/**
 * Microsoft Entra ID's provisioning service, replayed as Microsoft publishes it (issue 31). Sources:
 * - TUTORIAL: "Tutorial: Develop and plan provisioning for a SCIM endpoint in Microsoft Entra ID",
 *   https://learn.microsoft.com/en-us/entra/identity/app-provisioning/use-scim-to-provision-users-and-groups
 *   (section "SCIM protocol requests and responses" → "User Operations", and "Handling provisioning and
 *   deprovisioning of users").
 * - KNOWN ISSUES: "Known issues and resolutions with SCIM 2.0 protocol compliance of the Microsoft Entra user
 *   provisioning service",
 *   https://learn.microsoft.com/en-us/entra/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility
 *   (what the sync engine sends "Without feature flag" and "With feature flag" aadOptscim062020).
 * The bodies are Microsoft's; only addresses are moved into the fixture's organization (acme, acme.test), since
 * Meridian's userName is the person's email within the organization's domains.
 */

let platform: TestPlatform;
let token: IssuedToken;
let entra: ScimClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  token = await issueScimToken(platform, 'acme', 'Entra ID provisioning');
  entra = scimClient(platform, token.token);
});
afterAll(() => platform.close());

// Microsoft's "Test_User_00aa00aa-…" userName and its different "Test_User_11bb11bb-…@testuser.com" work email,
// as acme.test addresses (lowercase: Meridian stores emails lowercase).
const USER_NAME = 'test_user_00aa00aa-bb11-cc22-dd33-44ee44ee44ee@acme.test';
const WORK_EMAIL = 'test_user_11bb11bb-cc22-dd33-ee44-55ff55ff55ff@acme.test';
const EXTERNAL_ID = '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef';

// TUTORIAL, "Create User" → Request (POST /Users).
const createUserBody = () => ({
  schemas: [SCIM.user, SCIM.enterprise],
  externalId: EXTERNAL_ID,
  userName: USER_NAME,
  active: true,
  emails: [{ primary: true, type: 'work', value: WORK_EMAIL }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
});

interface ScimResource {
  id: string;
  meta: { location: string; created: string; lastModified: string };
  [attribute: string]: unknown;
}

let id: string;
let created: ScimResource;

async function directoryEvents(email: string) {
  const { rows } = await platform.db.query<{ actor: string; actor_kind: string; action: string }>(
    'SELECT actor, actor_kind, action FROM audit_events WHERE target_id = $1 ORDER BY id',
    [email],
  );
  return rows;
}

describe('Entra ID’s user operations, in the order the tutorial lists them', () => {
  // TUTORIAL, "Integrate your SCIM endpoint…" → Test Connection: "queries the SCIM endpoint for a user that
  // doesn't exist, using a random GUID … The expected correct response is HTTP 200 OK with an empty SCIM
  // ListResponse message."
  it('Test Connection: a random GUID matches nobody and answers an empty ListResponse', async () => {
    const response = await entra.get(usersWhere(`userName eq "${randomUUID()}"`));
    expect(response.statusCode).toBe(200);
    expectScimJson(response);
    expect(response.json()).toMatchObject({
      schemas: [SCIM.listResponse],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });
  });

  // TUTORIAL, "Schema discovery" → "Discover schema" (GET /Schemas): a ListResponse holding the core User
  // schema and the enterprise extension.
  it('Discover schema: /Schemas lists the core User schema and the enterprise User extension', async () => {
    const response = await entra.get('/Schemas');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.schemas).toEqual([SCIM.listResponse]);
    expect(body.Resources.map((schema: { id: string }) => schema.id)).toEqual(
      expect.arrayContaining([SCIM.user, SCIM.enterprise]),
    );
  });

  // TUTORIAL, "Create User" → Request / Response (HTTP/1.1 201 Created).
  it('Create User: 201 with the resource, its Location, and the person invited under Meridian’s rules', async () => {
    const response = await entra.post('/Users', createUserBody());
    expect(response.statusCode, response.body).toBe(201);
    expectScimJson(response);
    created = response.json();
    id = created.id;
    expect(isUuid(id)).toBe(true);
    expect(created).toMatchObject({
      schemas: expect.arrayContaining([SCIM.user]),
      externalId: EXTERNAL_ID,
      userName: USER_NAME,
      displayName: 'givenName familyName',
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      active: true,
      // Meridian keeps one address: the work email answers the userName (Microsoft's example sends another one).
      emails: [{ value: USER_NAME, type: 'work', primary: true }],
      // "roles": [] is no role at all: a new person is an Org User.
      roles: [{ value: 'orgUser', display: 'Org User', primary: true }],
      meta: { resourceType: 'User', location: `${platform.config.scimBaseUrl}/Users/${id}` },
    });
    expect(Number.isNaN(Date.parse(created.meta.created))).toBe(false);
    expect(Number.isNaN(Date.parse(created.meta.lastModified))).toBe(false);
    expect(response.headers.location).toBe(created.meta.location);

    expect(await userRow(platform, USER_NAME)).toMatchObject({
      organization_id: 'acme',
      name: 'givenName familyName',
      role: 'orgUser',
      active: true,
      password_hash: null,
      scim_id: id,
      scim_external_id: EXTERNAL_ID,
      scim_removed: false,
    });
    // Acme has no SSO connection: the person gets the invitation mail to choose a password.
    const { rows: mail } = await platform.db.query('SELECT 1 FROM outbox WHERE recipient = $1', [USER_NAME]);
    expect(mail).toHaveLength(1);
    // Recorded as the directory (the token), not as a person.
    expect(await directoryEvents(USER_NAME)).toContainEqual({
      actor: `scim:${token.id}`,
      actor_kind: 'directory',
      action: 'invitation.send',
    });
  });

  // TUTORIAL, "Get User" → Request GET /Users/{id} / Response (User found).
  it('Get User: 200 with the same resource', async () => {
    const response = await entra.get(`/Users/${id}`);
    expect(response.statusCode).toBe(200);
    expectScimJson(response);
    expect(response.json()).toEqual(created);
  });

  // TUTORIAL, "Get User" → Request GET /Users/5171a35d82074e068ce2 / Response (User not found): 404 with the
  // Error schema. Microsoft's id is not a UUID: an unknown id of any shape is a 404, never a database error.
  it('Get User, not found: Microsoft’s id 5171a35d82074e068ce2 answers a 404 SCIM error', async () => {
    expectScimError(await entra.get('/Users/5171a35d82074e068ce2'), 404);
    expectScimError(await entra.get(`/Users/${randomUUID()}`), 404);
  });

  // TUTORIAL, "Get User by query" → GET /Users?filter=userName eq "Test_User_…" / Response.
  it('Get User by query: userName eq finds the one person', async () => {
    const response = await entra.get(usersWhere(`userName eq "${USER_NAME}"`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      schemas: [SCIM.listResponse],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [created],
    });
  });

  // TUTORIAL, "User Operations": "Use userName or emails[type eq "work"] attributes to query users", and "/Users":
  // "a GET to /Users with a filter must allow for both userName eq … and emails[type eq "work"].value eq … queries".
  it('Get User by query on emails[type eq "work"].value, the other matching attribute Entra uses', async () => {
    const response = await entra.get(usersWhere(`emails[type eq "work"].value eq "${USER_NAME}"`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ totalResults: 1, Resources: [{ id }] });
  });

  // TUTORIAL, "Get User by query - Zero results" → GET /Users?filter=userName eq "non-existent user".
  it('Get User by query - Zero results: an empty ListResponse', async () => {
    const response = await entra.get(usersWhere('userName eq "non-existent user"'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      schemas: [SCIM.listResponse],
      totalResults: 0,
      Resources: [],
      startIndex: 1,
    });
  });

  // TUTORIAL, "Update User [Multi-valued properties]" → PATCH with "Replace" of emails[type eq "work"].value and
  // name.familyName (updatedEmail@microsoft.com becomes an acme.test address).
  it('Update User [Multi-valued properties]: familyName is replaced, the name follows; the one email stays the userName', async () => {
    const response = await entra.patch(
      `/Users/${id}`,
      patchOp(
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedemail@acme.test' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expectScimJson(response);
    expect(response.json()).toMatchObject({
      id,
      userName: USER_NAME,
      name: { familyName: 'updatedFamilyName', givenName: 'givenName', formatted: 'givenName updatedFamilyName' },
      // As Microsoft's answer shows it: the person's name follows the parts the directory changed.
      displayName: 'givenName updatedFamilyName',
      active: true,
      emails: [{ value: USER_NAME, type: 'work', primary: true }],
    });
    expect((await entra.get(`/Users/${id}`)).json()).toMatchObject({ name: { familyName: 'updatedFamilyName' } });
    // Meridian keeps one address per person: the other one neither replaced it nor became a second person.
    expect(await userRow(platform, USER_NAME)).toMatchObject({ scim_id: id, organization_id: 'acme' });
    expect(await userRow(platform, 'updatedemail@acme.test')).toBeUndefined();
  });

  // TUTORIAL, "Update User [Single-valued properties]" → PATCH "Replace" of userName. Microsoft's example answers
  // 200 with the new userName; Meridian's userName is the person's sign-in email and cannot change: 400 mutability
  // (RFC 7644 §3.5.2, documented in the SCIM design), and nothing changes.
  it('Update User [Single-valued properties]: a new userName is refused as mutability, nothing changes', async () => {
    const before = await userRow(platform, USER_NAME);
    const error = expectScimError(
      await entra.patch(
        `/Users/${id}`,
        patchOp({ op: 'Replace', path: 'userName', value: '5b50642d-79fc-4410-9e90-4c077cdd1a59@acme.test' }),
      ),
      400,
      'mutability',
    );
    expect(error.detail).toMatch(/userName/);
    expect(await userRow(platform, USER_NAME)).toEqual(before);
    expect(await userRow(platform, '5b50642d-79fc-4410-9e90-4c077cdd1a59@acme.test')).toBeUndefined();
  });

  // KNOWN ISSUES, "Requests to replace multiple attributes" → Without feature flag: one capitalized "Replace" per
  // attribute, the enterprise extension by its full path (TestBcwqnm@test.microsoft.com becomes acme.test).
  it('Known issues, replace multiple attributes (without feature flag): every path applies', async () => {
    const response = await entra.patch(
      `/Users/${id}`,
      patchOp(
        { op: 'Replace', path: 'displayName', value: 'Pvlo' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'testbcwqnm@acme.test' },
        { op: 'Replace', path: 'name.givenName', value: 'Gtfd' },
        { op: 'Replace', path: 'name.familyName', value: 'Pkqf' },
        { op: 'Replace', path: 'externalId', value: 'Eqpj' },
        { op: 'Replace', path: `${SCIM.enterprise}:employeeNumber`, value: 'Eqpj' },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      displayName: 'Pvlo',
      name: { formatted: 'Pvlo', givenName: 'Gtfd', familyName: 'Pkqf' },
      externalId: 'Eqpj',
      emails: [{ value: USER_NAME, type: 'work', primary: true }],
      [SCIM.enterprise]: { employeeNumber: 'Eqpj' },
    });
    expect(body.schemas).toEqual(expect.arrayContaining([SCIM.user, SCIM.enterprise]));
    expect(await userRow(platform, USER_NAME)).toMatchObject({ name: 'Pvlo', scim_external_id: 'Eqpj' });
  });

  // KNOWN ISSUES, "Requests to replace multiple attributes" → With feature flag: the work email by path, then one
  // "replace" without a path whose value object names sub-attributes and the extension with dotted/URN keys.
  it('Known issues, replace multiple attributes (with feature flag): the no-path value object applies', async () => {
    const response = await entra.patch(
      `/Users/${id}`,
      patchOp(
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'testmhvaes@acme.test' },
        {
          op: 'replace',
          value: {
            displayName: 'Bjfe',
            'name.givenName': 'Kkom',
            'name.familyName': 'Unua',
            [`${SCIM.enterprise}:employeeNumber`]: 'Aklq',
          },
        },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      displayName: 'Bjfe',
      name: { givenName: 'Kkom', familyName: 'Unua' },
      emails: [{ value: USER_NAME }],
      [SCIM.enterprise]: { employeeNumber: 'Aklq' },
    });
    expect(await userRow(platform, USER_NAME)).toMatchObject({ name: 'Bjfe' });
  });

  // KNOWN ISSUES, "Requests made to add a single-value string attribute" → Without feature flag ("Add") and With
  // feature flag ("add"): nickName, which Meridian has no column for, is kept and answered back.
  it.each(['Add', 'add'])('Known issues, add a single-value string attribute ("op": "%s" nickName)', async (op) => {
    const response = await entra.patch(`/Users/${id}`, patchOp({ op, path: 'nickName', value: 'Babs' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ nickName: 'Babs' });
    expect((await entra.get(`/Users/${id}`)).json()).toMatchObject({ nickName: 'Babs' });
  });

  // Each way Entra disables a person, and the way back. TUTORIAL "Disable User" (boolean false, "Replace");
  // KNOWN ISSUES "Requests made to disable users" Without feature flag (the string "False") and With feature flag
  // (lowercase "replace", boolean); and the no-path value object {"op": "replace", "value": {"active": false}}
  // (RFC 7644 §3.5.2.3 without "path"; Entra's flagged "replace multiple attributes" shape above carries it).
  const disables = [
    {
      shape: 'TUTORIAL "Disable User": Replace active false',
      disable: { op: 'Replace', path: 'active', value: false },
      enable: { op: 'Replace', path: 'active', value: 'True' },
    },
    {
      shape: 'KNOWN ISSUES without feature flag: Replace active "False"',
      disable: { op: 'Replace', path: 'active', value: 'False' },
      enable: { op: 'Replace', path: 'active', value: true },
    },
    {
      shape: 'KNOWN ISSUES with feature flag: replace active false',
      disable: { op: 'replace', path: 'active', value: false },
      enable: { op: 'replace', value: { active: true } },
    },
    {
      shape: 'no path, value object: replace {active: false}',
      disable: { op: 'replace', value: { active: false } },
      enable: { op: 'Replace', path: 'active', value: 'true' },
    },
  ];

  it.each(disables)('Disable User, $shape: deactivated, sessions ended, recorded as the directory', async (step) => {
    const sid = await openSession(platform, USER_NAME);
    const disabled = await entra.patch(`/Users/${id}`, patchOp(step.disable));
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ id, active: false });
    expect(await userRow(platform, USER_NAME)).toMatchObject({ active: false, scim_removed: false });
    expect(await sessionRevokedAt(platform, sid)).not.toBeNull();
    // A disabled person is still a resource (the tutorial: "The user object should be returned … whether or not
    // the user is active").
    expect((await entra.get(`/Users/${id}`)).json()).toMatchObject({ active: false });
    expect(await directoryEvents(USER_NAME)).toContainEqual({
      actor: `scim:${token.id}`,
      actor_kind: 'directory',
      action: 'user.deactivate',
    });

    const enabled = await entra.patch(`/Users/${id}`, patchOp(step.enable));
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ id, active: true });
    expect(await userRow(platform, USER_NAME)).toMatchObject({ active: true });
  });

  // TUTORIAL, "Delete User" → DELETE /Users/{id} / Response HTTP/1.1 204 No Content; and "Handling provisioning
  // and deprovisioning of users", Example 6 "Deprovision a user" (the same request).
  it('Delete User: 204, the person deactivated and the resource gone', async () => {
    const sid = await openSession(platform, USER_NAME);
    const response = await entra.delete(`/Users/${id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await userRow(platform, USER_NAME)).toMatchObject({ active: false, scim_removed: true });
    expect(await sessionRevokedAt(platform, sid)).not.toBeNull();
    expectScimError(await entra.get(`/Users/${id}`), 404);
    expect((await entra.get(usersWhere(`userName eq "${USER_NAME}"`))).json()).toMatchObject({ totalResults: 0 });
    expectScimError(await entra.delete(`/Users/${id}`), 404);
  });

  // After a Delete, Entra provisions the person again with the same Create User request (TUTORIAL "Create User").
  it('Create User after Delete User: provisioned again under a new id, with only what was sent', async () => {
    const response = await entra.post('/Users', createUserBody());
    expect(response.statusCode, response.body).toBe(201);
    const again = response.json();
    expect(isUuid(again.id)).toBe(true);
    expect(again.id).not.toBe(id);
    expect(again).toMatchObject({ userName: USER_NAME, active: true, displayName: 'givenName familyName' });
    expect(again).not.toHaveProperty('nickName');
    expect(again).not.toHaveProperty([SCIM.enterprise]);
    expect(await userRow(platform, USER_NAME)).toMatchObject({ active: true, scim_removed: false, scim_id: again.id });
    expectScimError(await entra.get(`/Users/${id}`), 404);
  });
});

describe('Entra ID’s provisioning examples from "Handling provisioning and deprovisioning of users"', () => {
  // TUTORIAL, Example 2 "Provision a user": Entra sends attributes it has no value for as null. (The tutorial's body
  // spells the extension "…:enterprise:2.0User"; the Create User example and Entra itself use the URN with
  // ":User", as here.) jyoung@testuser.com / jyoung@Contoso.com become acme.test addresses.
  const provisionBody = {
    schemas: [SCIM.user, SCIM.enterprise],
    externalId: 'jyoung',
    userName: 'jyoung@acme.test',
    active: true,
    addresses: null,
    displayName: 'Joy Young',
    emails: [{ type: 'work', value: 'jyoung@acme.test', primary: true }],
    meta: { resourceType: 'User' },
    name: { familyName: 'Young', givenName: 'Joy' },
    phoneNumbers: null,
    preferredLanguage: null,
    title: null,
    department: null,
    manager: null,
  };
  let jyoung: string;

  it('Example 2, Provision a user: nulls are no value, and none is answered back', async () => {
    const response = await entra.post('/Users', provisionBody);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    jyoung = body.id;
    expect(body).toMatchObject({ userName: 'jyoung@acme.test', displayName: 'Joy Young', externalId: 'jyoung' });
    // RFC 7643 §2.5: null is the same as unassigned; the tutorial: "If a value isn't present, don't send null values."
    for (const attribute of ['addresses', 'phoneNumbers', 'preferredLanguage', 'title', 'department', 'manager'])
      expect(body, attribute).not.toHaveProperty(attribute);
    expect(await userRow(platform, 'jyoung@acme.test')).toMatchObject({ name: 'Joy Young', organization_id: 'acme' });
  });

  // TUTORIAL, Example 1 "Query the service for a matching user": filter=externalId eq jyoung. The tutorial writes
  // the value unquoted, which RFC 7644 §3.4.2.2's grammar does not allow (compValue is a JSON string); the
  // quoted form is what the filter means.
  it('Example 1, Query the service for a matching user: externalId eq "jyoung"', async () => {
    const response = await entra.get(usersWhere('externalId eq "jyoung"'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ totalResults: 1, Resources: [{ id: jyoung, externalId: 'jyoung' }] });
  });

  // TUTORIAL, Example 3 "Query the current state of a user": GET /Users/{id}.
  it('Example 3, Query the current state of a user: GET by id', async () => {
    const response = await entra.get(`/Users/${jyoung}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: jyoung, userName: 'jyoung@acme.test', active: true });
  });
});
