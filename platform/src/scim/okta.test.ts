import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_USERS } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import {
  SCIM,
  expectScimError,
  expectScimJson,
  isUuid,
  issueScimToken,
  openSession,
  patchOp,
  scimClient,
  sessionRevokedAt,
  userRow,
  usersWhere,
  type ScimClient,
} from '../test-support/scim-client.js';

/**
 * Okta's SCIM client, replayed as Okta publishes it (issue 31). Sources:
 * - REFERENCE: "Okta and SCIM Version 2.0" (SCIM 2.0 protocol reference),
 *   https://developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20 — "Create Users" (Determine if the
 *   User already exists, Create the User), "Retrieve Users", "Retrieve a specific User", "Update a specific User
 *   (PUT)", "Update a specific User (PATCH)", "Delete Users".
 * - GUIDE: "Build your SCIM API service", https://developer.okta.com/docs/guides/scim-provisioning-integration-prepare/
 *   (the Runscope spec test's variables: a username "in all caps to test case sensitivity").
 * Okta's bodies are used as published; test.user@okta.local becomes test.user@acme.test (Meridian's userName is
 * an email within the organization's domains).
 */

let platform: TestPlatform;
let okta: ScimClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  okta = scimClient(platform, (await issueScimToken(platform, 'acme', 'Okta provisioning')).token);
});
afterAll(() => platform.close());

const USER_NAME = 'test.user@acme.test';
const OKTA_PASSWORD = '1mz050nq';

// REFERENCE, "Create the User": the POST /Users body Okta sends with the user's application profile.
const oktaCreateBody = (userName = USER_NAME, givenName = 'Test', familyName = 'User') => ({
  schemas: [SCIM.user],
  userName,
  name: { givenName, familyName },
  emails: [{ primary: true, value: userName, type: 'work' }],
  displayName: `${givenName} ${familyName}`,
  locale: 'en-US',
  externalId: '00ujl29u0le5T6Aj10h7',
  groups: [],
  password: OKTA_PASSWORD,
  active: true,
});

// REFERENCE, "Update a specific User (PUT)" → "Update the User": the whole user, with middleName added and the
// givenName changed; `active` is how custom (AIW) integrations deactivate ("Delete Users": "this request is sent
// through a PUT method request").
const oktaPutBody = (id: string, active: boolean) => ({
  schemas: [SCIM.user],
  id,
  userName: USER_NAME,
  name: { givenName: 'Another', middleName: 'Excited', familyName: 'User' },
  emails: [{ primary: true, value: USER_NAME, type: 'work', display: USER_NAME }],
  active,
  groups: [],
  meta: { resourceType: 'User' },
});

let id: string;
let created: Record<string, unknown>;

describe('Okta’s provisioning sequence', () => {
  // REFERENCE, "Determine if the User already exists": the request exactly as Okta encodes it, and the empty
  // ListResponse it expects when nobody matches.
  it('Determine if the User already exists: filter userName eq with startIndex=1&count=100 → empty list', async () => {
    const response = await okta.get('/Users?filter=userName%20eq%20%22test.user%40acme.test%22&startIndex=1&count=100');
    expect(response.statusCode).toBe(200);
    expectScimJson(response);
    expect(response.json()).toEqual({
      schemas: [SCIM.listResponse],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });
  });

  // REFERENCE, "Create the User" → POST /Users and "The response from the SCIM server contains the created User".
  it('Create the User: 201 with Okta’s profile answered back; the password is neither kept nor answered', async () => {
    const response = await okta.post('/Users', oktaCreateBody());
    expect(response.statusCode, response.body).toBe(201);
    expectScimJson(response);
    created = response.json();
    id = String(created.id);
    expect(isUuid(id)).toBe(true);
    expect(created).toMatchObject({
      schemas: expect.arrayContaining([SCIM.user]),
      userName: USER_NAME,
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: USER_NAME, type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      active: true,
      meta: { resourceType: 'User', location: `${platform.config.scimBaseUrl}/Users/${id}` },
    });
    expect(response.headers.location).toBe(`${platform.config.scimBaseUrl}/Users/${id}`);
    // RFC 7643 §4.1.1: password is never returned. Meridian sets no password from a directory (changePassword
    // false): without SSO the person is invited to choose one, and the directory's value is stored nowhere.
    expect(created).not.toHaveProperty('password');
    const row = await userRow(platform, USER_NAME);
    expect(row).toMatchObject({ organization_id: 'acme', name: 'Test User', active: true, password_hash: null });
    expect(JSON.stringify(row)).not.toContain(OKTA_PASSWORD);
    const { rows: events } = await platform.db.query('SELECT * FROM audit_events WHERE target_id = $1', [USER_NAME]);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(OKTA_PASSWORD);
    const { rows: mail } = await platform.db.query('SELECT 1 FROM outbox WHERE recipient = $1', [USER_NAME]);
    expect(mail).toHaveLength(1);
  });

  // REFERENCE, "Create the User": "If the User object that Okta tries to create already exists … respond with an
  // error schema to stop the provisioning job" (409 Conflict).
  it('Create the User again: 409 uniqueness stops Okta’s job, and nothing changes', async () => {
    const before = await userRow(platform, USER_NAME);
    expectScimError(await okta.post('/Users', oktaCreateBody()), 409, 'uniqueness');
    expect(await userRow(platform, USER_NAME)).toEqual(before);
  });

  // GUIDE, the Runscope spec test's randomUsernameCaps ("The random username in all caps to test case
  // sensitivity"): userName is caseExact false (RFC 7643 §4.1.1), so Okta's lookup still finds the person.
  it('Determine if the User already exists, in capitals: the same person is found', async () => {
    const response = await okta.get(`${usersWhere('userName eq "TEST.USER@ACME.TEST"')}&startIndex=1&count=100`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ totalResults: 1, itemsPerPage: 1, Resources: [{ id }] });
  });

  // REFERENCE, "Retrieve a specific User": GET /Users/{id} answers the User object.
  it('Retrieve a specific User: 200 with the created resource', async () => {
    const response = await okta.get(`/Users/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  // REFERENCE, "Update a specific User (PUT)": Okta first GETs the user ("Retrieve the User"), then PUTs the whole
  // body back with its changes.
  it('Update a specific User (PUT): the whole resource replaces the old one', async () => {
    expect((await okta.get(`/Users/${id}`)).statusCode).toBe(200);
    const response = await okta.put(`/Users/${id}`, oktaPutBody(id, true));
    expect(response.statusCode, response.body).toBe(200);
    expectScimJson(response);
    const body = response.json();
    expect(body).toMatchObject({
      id,
      userName: USER_NAME,
      // No displayName and no name.formatted were sent: Meridian's name is "givenName familyName".
      displayName: 'Another User',
      name: { givenName: 'Another', middleName: 'Excited', familyName: 'User' },
      emails: [{ primary: true, value: USER_NAME, type: 'work' }],
      active: true,
    });
    // A PUT replaces (RFC 7644 §3.5.1): what Okta left out this time (locale, externalId) is gone.
    expect(body).not.toHaveProperty('locale');
    expect(body).not.toHaveProperty('externalId');
    expect((await okta.get(`/Users/${id}`)).json()).toEqual(body);
    expect(await userRow(platform, USER_NAME)).toMatchObject({ name: 'Another User', scim_external_id: null });
  });

  // REFERENCE, "Delete Users": custom (AIW) integrations deactivate with a PUT of the user with "active": false;
  // the person is deactivated and signed out everywhere.
  it('Deactivate by PUT with "active": false: deactivated and signed out, still a resource', async () => {
    const sid = await openSession(platform, USER_NAME);
    const response = await okta.put(`/Users/${id}`, oktaPutBody(id, false));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, active: false, name: { givenName: 'Another' } });
    expect(await userRow(platform, USER_NAME)).toMatchObject({ active: false, scim_removed: false });
    expect(await sessionRevokedAt(platform, sid)).not.toBeNull();
    expect((await okta.get(`/Users/${id}`)).json()).toMatchObject({ active: false });
  });

  // The same PUT with "active": true: Okta reactivating the assignment.
  it('Reactivate by PUT with "active": true', async () => {
    const response = await okta.put(`/Users/${id}`, oktaPutBody(id, true));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, active: true });
    expect(await userRow(platform, USER_NAME)).toMatchObject({ active: true });
  });

  // REFERENCE, "Update a specific User (PATCH)": OIN integrations deactivate with a PatchOp "replace" whose value is
  // {"active": false}, no path; the answer is the updated User object. Activation is the same message with true.
  it('Deactivate by PATCH (OIN integrations): replace {"active": false}, then back with true', async () => {
    const sid = await openSession(platform, USER_NAME);
    const deactivated = await okta.patch(`/Users/${id}`, patchOp({ op: 'replace', value: { active: false } }));
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ id, userName: USER_NAME, active: false });
    expect(await userRow(platform, USER_NAME)).toMatchObject({ active: false });
    expect(await sessionRevokedAt(platform, sid)).not.toBeNull();

    const activated = await okta.patch(`/Users/${id}`, patchOp({ op: 'replace', value: { active: true } }));
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ id, active: true });
    expect(await userRow(platform, USER_NAME)).toMatchObject({ active: true });
  });

  // REFERENCE, "Update a specific User (PATCH)" lists "Syncing the user password" among Okta's PATCH operations
  // (the page shows no body; this is RFC 7644 §3.5.2.3's no-path replace, the form of Okta's other PATCH). Meridian
  // takes no password from a directory: the request succeeds, and the value is kept and answered nowhere.
  it('Syncing the user password (PATCH): accepted, and the password is stored and answered nowhere', async () => {
    const secret = 'Synced-Pa55word-42';
    const before = await userRow(platform, USER_NAME);
    const response = await okta.patch(`/Users/${id}`, patchOp({ op: 'replace', value: { password: secret } }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(secret);
    expect((await okta.get(`/Users/${id}`)).body).not.toContain(secret);
    const after = await userRow(platform, USER_NAME);
    expect(after).toMatchObject({ password_hash: before!.password_hash });
    expect(JSON.stringify(after)).not.toContain(secret);
    const { rows: events } = await platform.db.query('SELECT * FROM audit_events WHERE target_id = $1', [USER_NAME]);
    expect(JSON.stringify(events)).not.toContain(secret);
  });
});

describe('Okta’s import: every user of the organization, page by page', () => {
  // Acme's people: the fixture's console-created ones, the one Okta created above, and three more from Okta.
  const more = [
    ['runscope300.hfluaklab151@acme.test', 'Runscope300', 'Hfluaklab151'],
    ['runscope301.hfluaklab152@acme.test', 'Runscope301', 'Hfluaklab152'],
    ['runscope302.hfluaklab153@acme.test', 'Runscope302', 'Hfluaklab153'],
  ] as const;
  const acme = () => [...FIXTURE_USERS.filter((user) => user.org === 'acme').map((user) => user.email), USER_NAME];

  beforeAll(async () => {
    for (const [userName, givenName, familyName] of more) {
      const response = await okta.post('/Users', {
        ...oktaCreateBody(userName, givenName, familyName),
        externalId: userName,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  // REFERENCE, "Retrieve Users": GET /Users?startIndex=1&count=100 answers every resource; the paging numbers are
  // integers ("need to be exchanged as integers, not as strings").
  it('Retrieve Users: startIndex=1&count=100 lists the organization’s people, console-created ones too', async () => {
    const response = await okta.get('/Users?startIndex=1&count=100');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const everyone = [...acme(), ...more.map(([userName]) => userName)];
    expect(body).toMatchObject({ schemas: [SCIM.listResponse], totalResults: everyone.length, startIndex: 1 });
    expect(body.itemsPerPage).toBe(everyone.length);
    const userNames = body.Resources.map((resource: { userName: string }) => resource.userName);
    expect([...userNames].sort()).toEqual([...everyone].sort());
  });

  // REFERENCE, "Retrieve Users": "after Okta finishes retrieving the first … resources, the startIndex becomes
  // startIndex+count"; "The SCIM server must consistently return the same ordering of results … regardless of which
  // values are provided for the count and startIndex".
  it('Retrieve Users page by page: startIndex += count until totalResults, in one consistent order', async () => {
    const all = (await okta.get('/Users?startIndex=1&count=100')).json();
    const count = 3;
    const pages: string[][] = [];
    for (let startIndex = 1; startIndex <= all.totalResults; startIndex += count) {
      const page = (await okta.get(`/Users?startIndex=${startIndex}&count=${count}`)).json();
      expect(page).toMatchObject({ totalResults: all.totalResults, startIndex });
      expect(typeof page.itemsPerPage).toBe('number');
      expect(page.itemsPerPage).toBe(page.Resources.length);
      pages.push(page.Resources.map((resource: { id: string }) => resource.id));
    }
    expect(pages.map((ids) => ids.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(all.Resources.map((resource: { id: string }) => resource.id));
    const past = (await okta.get(`/Users?startIndex=${all.totalResults + 1}&count=${count}`)).json();
    expect(past).toMatchObject({ totalResults: all.totalResults, itemsPerPage: 0, Resources: [] });
  });
});
