import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_USERS } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import {
  SCIM,
  expectScimError,
  issueScimToken,
  openSession,
  patchOp,
  revokeScimToken,
  rotateScimToken,
  scimClient,
  scimIdOf,
  sessionRevokedAt,
  userRow,
  usersWhere,
  type IssuedToken,
  type ScimClient,
} from '../test-support/scim-client.js';

/**
 * Tenant isolation of the SCIM service (issue 31: "a token of one organization against another's users:
 * nothing seen, nothing changed"). A token is one organization's directory: another organization's people and
 * the operators are not there at all — not listed, not found by any filter, 404 by id, and a POST of their
 * userName is refused in the same words as an address nobody has.
 */

let platform: TestPlatform;
let acmeToken: IssuedToken;
let globexToken: IssuedToken;
let acme: ScimClient;
let globex: ScimClient;

const usersOf = (org: string) => FIXTURE_USERS.filter((user) => user.org === org).map((user) => user.email);
// A person Acme's directory provisioned (externalId and attributes of its own), beside the console-created ones.
const NURSE = 'nurse@acme.test';
const ACME_PEOPLE = [...usersOf('acme'), NURSE];
const GLOBEX_PEOPLE = usersOf('globex');
const OPERATORS = usersOf('meridian');

beforeAll(async () => {
  platform = await startTestPlatform();
  acmeToken = await issueScimToken(platform, 'acme', 'Acme Entra ID');
  globexToken = await issueScimToken(platform, 'globex', 'Globex Okta');
  acme = scimClient(platform, acmeToken.token);
  globex = scimClient(platform, globexToken.token);
  const nurse = await acme.post('/Users', {
    schemas: [SCIM.user, SCIM.enterprise],
    userName: NURSE,
    externalId: 'entra-nurse',
    displayName: 'Nora Nurse',
    title: 'RN',
    [SCIM.enterprise]: { department: 'Cardiology' },
    active: true,
  });
  if (nurse.statusCode !== 201) throw new Error(`provisioning ${NURSE}: ${nurse.statusCode} ${nurse.body}`);
});
afterAll(() => platform.close());

const userNamesOf = (body: { Resources?: { userName: string }[] }) =>
  (body.Resources ?? []).map((resource) => resource.userName).sort();

/** Every users row of these people, to compare before and after a request. */
const rowsOf = (emails: string[]) => Promise.all(emails.map((email) => userRow(platform, email)));

describe('another organization’s people are not there for a token', () => {
  it('list: Globex’s token sees exactly Globex’s people', async () => {
    const response = await globex.get('/Users?startIndex=1&count=200');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(userNamesOf(body)).toEqual([...GLOBEX_PEOPLE].sort());
    expect(body.totalResults).toBe(GLOBEX_PEOPLE.length);
  });

  // Every filter that would match one of Acme's people or an operator, alone or beside one of Globex's: the
  // organization's condition must hold around the whole filter (an `or` must not escape it).
  const filters: [string, (acmeId: string) => string, string[]][] = [
    ['userName eq', () => 'userName eq "user@acme.test"', []],
    ['userName eq in capitals', () => 'userName eq "USER@ACME.TEST"', []],
    ['emails[type eq "work"].value eq', () => 'emails[type eq "work"].value eq "user@acme.test"', []],
    ['emails.value eq', () => 'emails.value eq "user@acme.test"', []],
    ['externalId eq', () => 'externalId eq "entra-nurse"', []],
    ['id eq', (acmeId) => `id eq "${acmeId}"`, []],
    ['displayName eq', () => 'displayName eq "Uma Acme"', []],
    ['userName ew', () => 'userName ew "@acme.test"', []],
    ['userName co', () => 'userName co "acme"', []],
    ['an operator by userName', () => 'userName eq "admin@meridian.test"', []],
    ['operators by sw', () => 'userName sw "admin@"', []],
    ['active eq false (Acme has an inactive person)', () => 'active eq false', []],
    [
      'an or beside one of Globex’s',
      () => 'userName eq "user@acme.test" or userName eq "user@globex.test"',
      ['user@globex.test'],
    ],
    [
      'an or of externalId and userName',
      () => 'externalId eq "entra-nurse" or userName sw "user@"',
      ['user@globex.test'],
    ],
    ['not', () => 'not (userName eq "nobody@globex.test")', GLOBEX_PEOPLE],
    ['pr', () => 'userName pr', GLOBEX_PEOPLE],
  ];

  it.each(filters)('filter, %s: nothing of Acme’s or the operators’', async (_name, filterOf, expected) => {
    const response = await globex.get(usersWhere(filterOf(await scimIdOf(platform, 'user@acme.test')), '&count=200'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(userNamesOf(body)).toEqual([...expected].sort());
    expect(body.totalResults).toBe(expected.length);
  });

  // RFC 7644 §3.4.3: the same query by POST /Users/.search keeps the same bounds.
  it('POST /Users/.search with a filter on Acme’s people: nothing', async () => {
    const response = await globex.post('/Users/.search', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'],
      filter: 'userName eq "user@acme.test" or externalId eq "entra-nurse" or userName pr',
      count: 200,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(userNamesOf(response.json())).toEqual([...GLOBEX_PEOPLE].sort());
  });

  it('GET of each of Acme’s ids: 404, in the same words as an id nobody has', async () => {
    const unknownId = randomUUID();
    const unknown = expectScimError(await globex.get(`/Users/${unknownId}`), 404);
    for (const email of ACME_PEOPLE) {
      const id = await scimIdOf(platform, email);
      const error = expectScimError(await globex.get(`/Users/${id}`), 404);
      expect(String(error.detail).replace(id, '<id>')).toBe(String(unknown.detail).replace(unknownId, '<id>'));
      expect(JSON.stringify(error)).not.toContain(email);
    }
  });

  const writes: [string, (client: ScimClient, id: string, email: string) => ReturnType<ScimClient['get']>][] = [
    [
      'PUT',
      (client, id, email) =>
        client.put(`/Users/${id}`, { schemas: [SCIM.user], userName: email, displayName: 'Taken over', active: false }),
    ],
    [
      'PATCH',
      (client, id) =>
        client.patch(
          `/Users/${id}`,
          patchOp(
            { op: 'Replace', path: 'active', value: 'False' },
            { op: 'replace', value: { displayName: 'Taken over' } },
          ),
        ),
    ],
    ['DELETE', (client, id) => client.delete(`/Users/${id}`)],
  ];

  it.each(writes)('%s of each of Acme’s ids: 404, the row unchanged, the sessions alive', async (_method, write) => {
    const sid = await openSession(platform, 'user@acme.test');
    const before = await rowsOf(ACME_PEOPLE);
    for (const email of ACME_PEOPLE) expectScimError(await write(globex, await scimIdOf(platform, email), email), 404);
    expect(await rowsOf(ACME_PEOPLE)).toEqual(before);
    expect(await sessionRevokedAt(platform, sid)).toBeNull();
    // Acme's own directory still sees them as they were.
    expect((await acme.get(`/Users/${await scimIdOf(platform, NURSE)}`)).json()).toMatchObject({
      displayName: 'Nora Nurse',
      active: true,
      title: 'RN',
    });
  });

  it('PUT of one of Globex’s people with an Acme userName: refused, neither person changes', async () => {
    const people = ['user@globex.test', 'user@acme.test'];
    const before = await rowsOf(people);
    const response = await globex.put(`/Users/${await scimIdOf(platform, 'user@globex.test')}`, {
      schemas: [SCIM.user],
      userName: 'user@acme.test',
      active: true,
    });
    // userName cannot change (400 mutability, the SCIM design), whoever else holds the address.
    expectScimError(response, 400, 'mutability');
    expect(await rowsOf(people)).toEqual(before);
  });
});

describe('a POST of another organization’s userName does not reveal that it exists', () => {
  /** The refusal's detail with the address replaced, to compare its words. */
  async function refusal(client: ScimClient, userName: string) {
    const error = expectScimError(
      await client.post('/Users', { schemas: [SCIM.user], userName, displayName: 'Someone', active: true }),
      400,
      'invalidValue',
    );
    const detail = String(error.detail);
    expect(detail).not.toMatch(/exist|already|taken|belongs|another organi[sz]ation/i);
    expect(detail).not.toContain('Acme Health');
    return detail.replace(new RegExp(userName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), '<userName>');
  }

  it('Acme’s people, an operator and addresses nobody has: the same 400 invalidValue, in the same words', async () => {
    const before = await rowsOf([...ACME_PEOPLE, ...OPERATORS]);
    const neverSeen = await refusal(globex, 'nobody@initech.test');
    expect(neverSeen).toContain('<userName>');
    for (const userName of [
      ...ACME_PEOPLE,
      'USER@ACME.TEST',
      'nobody@acme.test',
      'stranger@elsewhere.test',
      ...OPERATORS,
    ])
      expect(await refusal(globex, userName), userName).toBe(neverSeen);
    expect(await rowsOf([...ACME_PEOPLE, ...OPERATORS])).toEqual(before);
    for (const email of ['nobody@initech.test', 'nobody@acme.test', 'stranger@elsewhere.test'])
      expect(await userRow(platform, email)).toBeUndefined();
  });

  it('Globex’s token changed nothing and is recorded for nothing', async () => {
    const { rows } = await platform.db.query('SELECT action FROM audit_events WHERE actor = $1', [
      `scim:${globexToken.id}`,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('one organization’s directory values do not collide with another’s', () => {
  // externalId is the directory's own identifier: two customers' directories may well use the same one, and a
  // conflict would tell Globex that Acme's directory uses it.
  it('Globex’s directory provisions a person with the externalId Acme’s nurse has: 201, Acme’s nurse untouched', async () => {
    const nurseBefore = await userRow(platform, NURSE);
    const directory = scimClient(platform, (await issueScimToken(platform, 'globex', 'Second directory')).token);
    const response = await directory.post('/Users', {
      schemas: [SCIM.user],
      userName: 'nurse@globex.test',
      externalId: 'entra-nurse',
      displayName: 'Nils Nurse',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await userRow(platform, NURSE)).toEqual(nurseBefore);
    const acmeView = (await acme.get(usersWhere('externalId eq "entra-nurse"'))).json();
    expect(userNamesOf(acmeView)).toEqual([NURSE]);
    const globexView = (await directory.get(usersWhere('externalId eq "entra-nurse"'))).json();
    expect(userNamesOf(globexView)).toEqual(['nurse@globex.test']);
    // Globex's people are the fixture's again for the tests below.
    expect((await directory.delete(`/Users/${response.json().id}`)).statusCode).toBe(204);
  });
});

describe('operators are never SCIM resources', () => {
  it('the operators’ own organization’s token sees no one, finds no one, reaches no one', async () => {
    const meridian = scimClient(platform, (await issueScimToken(platform, 'meridian', 'Operators')).token);
    expect((await meridian.get('/Users')).json()).toMatchObject({ totalResults: 0, Resources: [] });
    for (const email of OPERATORS) {
      expect((await meridian.get(usersWhere(`userName eq "${email}"`))).json()).toMatchObject({ totalResults: 0 });
      expect((await acme.get(usersWhere(`userName eq "${email}"`))).json()).toMatchObject({ totalResults: 0 });
      const id = await scimIdOf(platform, email);
      const before = await userRow(platform, email);
      expectScimError(await meridian.get(`/Users/${id}`), 404);
      expectScimError(await meridian.patch(`/Users/${id}`, patchOp({ op: 'replace', value: { active: false } })), 404);
      expectScimError(await meridian.delete(`/Users/${id}`), 404);
      expect(await userRow(platform, email)).toEqual(before);
    }
    const neverSeen = await meridian.post('/Users', { schemas: [SCIM.user], userName: 'nobody@initech.test' });
    const operator = await meridian.post('/Users', { schemas: [SCIM.user], userName: 'admin@meridian.test' });
    const words = (response: typeof operator, userName: string) =>
      String(expectScimError(response, 400, 'invalidValue').detail).replace(userName, '<userName>');
    expect(words(operator, 'admin@meridian.test')).toBe(words(neverSeen, 'nobody@initech.test'));
  });
});

describe('only a working token reaches anything', () => {
  const expectUnauthorized = (response: Awaited<ReturnType<ScimClient['get']>>) => {
    expectScimError(response, 401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="scim"');
  };

  it('no token, an unknown token, or a person’s access token: 401', async () => {
    expectUnauthorized(await platform.rest.inject({ method: 'GET', url: '/scim/v2/Users' }));
    expectUnauthorized(await scimClient(platform, `mscim_${'A'.repeat(43)}`).get('/Users'));
    const operatorJwt = (await platform.auth('admin@meridian.test')).authorization.replace(/^Bearer /, '');
    expectUnauthorized(await scimClient(platform, operatorJwt).get('/Users'));
  });

  it('a revoked token: 401 for every request, discovery included', async () => {
    const issued = await issueScimToken(platform, 'globex', 'Soon revoked');
    const client = scimClient(platform, issued.token);
    expect((await client.get('/Users')).statusCode).toBe(200);
    await revokeScimToken(platform, 'globex', issued.id);
    const globexId = await scimIdOf(platform, 'user@globex.test');
    expectUnauthorized(await client.get('/Users'));
    expectUnauthorized(await client.get(`/Users/${globexId}`));
    expectUnauthorized(await client.get('/ServiceProviderConfig'));
    expectUnauthorized(await client.post('/Users', { schemas: [SCIM.user], userName: 'late@globex.test' }));
    expectUnauthorized(await client.patch(`/Users/${globexId}`, patchOp({ op: 'replace', value: { active: false } })));
    expect(await userRow(platform, 'late@globex.test')).toBeUndefined();
    expect(await userRow(platform, 'user@globex.test')).toMatchObject({ active: true });
  });

  it('rotation: the old value stops, the new one reaches its own organization and nothing else', async () => {
    const acmeBefore = await rowsOf(ACME_PEOPLE);
    const old = await issueScimToken(platform, 'globex', 'Rotated');
    const successor = await rotateScimToken(platform, 'globex', old.id);
    expectUnauthorized(await scimClient(platform, old.token).get('/Users'));

    const rotated = scimClient(platform, successor.token);
    expect(userNamesOf((await rotated.get('/Users?count=200')).json())).toEqual([...GLOBEX_PEOPLE].sort());
    expect((await rotated.get(usersWhere('userName eq "user@acme.test"'))).json()).toMatchObject({ totalResults: 0 });
    for (const email of ACME_PEOPLE) {
      const id = await scimIdOf(platform, email);
      expectScimError(await rotated.get(`/Users/${id}`), 404);
      expectScimError(await rotated.patch(`/Users/${id}`, patchOp({ op: 'replace', value: { active: false } })), 404);
    }
    expect(await rowsOf(ACME_PEOPLE)).toEqual(acmeBefore);

    // Rotating Acme's token leaves each organization's tokens where they were.
    const acmeSuccessor = await rotateScimToken(platform, 'acme', acmeToken.id);
    expectUnauthorized(await acme.get('/Users'));
    const acmeNow = scimClient(platform, acmeSuccessor.token);
    expect(userNamesOf((await acmeNow.get('/Users?count=200')).json())).toEqual([...ACME_PEOPLE].sort());
    expect(userNamesOf((await rotated.get('/Users?count=200')).json())).toEqual([...GLOBEX_PEOPLE].sort());
    expect(userNamesOf((await globex.get('/Users?count=200')).json())).toEqual([...GLOBEX_PEOPLE].sort());
  });
});
