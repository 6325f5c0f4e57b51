import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE, LAST_ORG_ADMIN_MESSAGE, userLimitMessage } from '@meridian/schema';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { MAX_FILTER_DEPTH, readUserFilter } from '../domain/scim/filter.js';
import { userFilterSql } from '../stores/scim-user-filter.js';

/**
 * Meridian's SCIM 2.0 service against RFC 7644 (the protocol) and RFC 7643 (the User resource), one
 * test per rule, each naming its section; run on the real platform (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL), with tokens made through the REST API as an operator makes them.
 */

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SEARCH_REQUEST = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
const SCIM_JSON = 'application/scim+json; charset=utf-8';

let platform: TestPlatform;
let acme: { token: string; id: string };
let globex: { token: string; id: string };

async function newToken(organizationId: string) {
  const answer = await platform.rest.inject({
    method: 'POST',
    url: `/organization/${organizationId}/scim-tokens`,
    headers: await platform.auth('admin@meridian.test'),
    payload: { label: `Directory of ${organizationId}` },
  });
  expect(answer.statusCode).toBe(201);
  const body = answer.json<{ token: string; scimToken: { id: string } }>();
  return { token: body.token, id: body.scimToken.id };
}

/** Sets acme's user limit; the suite creates more people than the fixture's 10. */
async function setAcmeUserLimit(limit: number) {
  await platform.db.query(
    `UPDATE organizations SET licenses = jsonb_set(licenses, '{user_limit}', to_jsonb($1::int)) WHERE id = 'acme'`,
    [limit],
  );
}

beforeAll(async () => {
  platform = await startTestPlatform();
  acme = await newToken('acme');
  globex = await newToken('globex');
  await setAcmeUserLimit(1000);
});
afterAll(() => platform.close());

/** A SCIM answer's body: the members the tests read by name typed, any other attribute as JSON. */
interface ScimBody {
  [attribute: string]: unknown;
  schemas: string[];
  status: string;
  scimType?: string;
  detail: string;
  id: string;
  userName: string;
  active: boolean;
  displayName: string;
  roles: unknown[];
  meta: { resourceType: string; created: string; lastModified: string; location: string };
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: ScimBody[];
  attributes: { name: string }[];
}

interface Answer {
  status: number;
  body: ScimBody;
  headers: Record<string, unknown>;
}

async function scim(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { token?: string | null; contentType?: string } = {},
): Promise<Answer> {
  const token = options.token === undefined ? acme.token : options.token;
  const answer = await platform.rest.inject({
    method,
    url: `/scim/v2${path}`,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': options.contentType ?? 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return {
    status: answer.statusCode,
    body: answer.body ? answer.json<ScimBody>() : ({} as ScimBody),
    headers: answer.headers,
  };
}

const list = (query: string, token?: string) => scim('GET', `/Users?${query}`, undefined, { token });
const filtered = async (filter: string) => {
  const answer = await list(`filter=${encodeURIComponent(filter)}&count=200`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.Resources as { userName: string }[]).map((each) => each.userName).sort();
};

let serial = 0;
/** A new person's resource of acme (a new address each time). */
function person(fields: Record<string, unknown> = {}) {
  serial += 1;
  return { schemas: [USER], userName: `scim${serial}-${randomUUID().slice(0, 6)}@acme.test`, ...fields };
}

async function provision(fields: Record<string, unknown> = {}, token?: string) {
  const answer = await scim('POST', '/Users', person(fields), { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

function expectError(answer: Answer, status: number, scimType?: string) {
  expect(answer.body.schemas).toEqual([ERROR]);
  expect(answer.status).toBe(status);
  expect(answer.body.status).toBe(String(status));
  expect(answer.body.scimType).toBe(scimType);
  expect(typeof answer.body.detail).toBe('string');
}

const patchOf = (...Operations: object[]) => ({ schemas: [PATCH_OP], Operations });

async function userRow(email: string) {
  const { rows } = await platform.db.query<{ active: boolean; role: string; name: string; scim_removed: boolean }>(
    'SELECT active, role, name, scim_removed FROM users WHERE email = $1',
    [email],
  );
  return rows[0];
}

async function outbox(recipient: string) {
  const answer = await platform.rest.inject({
    method: 'GET',
    url: `/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
  });
  return answer.json<{ data: { subject: string }[] }>().data;
}

describe('authentication (RFC 7644 §2)', () => {
  it('§2: a request without a token is refused 401 with a SCIM error and WWW-Authenticate', async () => {
    const answer = await scim('GET', '/Users', undefined, { token: null });
    expectError(answer, 401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="scim"');
  });

  it('§2: an unknown token, and a platform access token, are refused 401', async () => {
    expectError(await scim('GET', '/Users', undefined, { token: 'mscim_not-a-token' }), 401);
    const jwt = (await platform.auth('admin@meridian.test')).authorization.replace('Bearer ', '');
    expectError(await scim('GET', '/Users', undefined, { token: jwt }), 401);
  });

  it('§2: a revoked token is refused 401 at once', async () => {
    const revoked = await newToken('acme');
    expect((await scim('GET', '/Users', undefined, { token: revoked.token })).status).toBe(200);
    const revoke = await platform.rest.inject({
      method: 'DELETE',
      url: `/organization/acme/scim-tokens/${revoked.id}`,
      headers: await platform.auth('admin@meridian.test'),
    });
    expect(revoke.statusCode).toBe(200);
    expectError(await scim('GET', '/Users', undefined, { token: revoked.token }), 401);
  });
});

describe('discovery (RFC 7644 §4, RFC 7643 §5–7)', () => {
  it('§4 / RFC 7643 §5: ServiceProviderConfig says what is supported', async () => {
    const answer = await scim('GET', '/ServiceProviderConfig');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: true },
      etag: { supported: false },
    });
    expect(answer.body.authenticationSchemes).toEqual([
      expect.objectContaining({ type: 'oauthbearertoken', primary: true }),
    ]);
  });

  it('§4 / RFC 7643 §6: ResourceTypes lists User, with the enterprise extension, and Group', async () => {
    const answer = await scim('GET', '/ResourceTypes');
    expect(answer.body.schemas).toEqual([LIST]);
    expect(answer.body.totalResults).toBe(2);
    const user = await scim('GET', '/ResourceTypes/User');
    const group = await scim('GET', '/ResourceTypes/Group');
    expect(answer.body.Resources).toEqual([user.body, group.body]);
    expect(user.body).toMatchObject({
      id: 'User',
      endpoint: '/Users',
      schema: USER,
      schemaExtensions: [{ schema: ENTERPRISE, required: false }],
    });
    expect(group.body).toMatchObject({ id: 'Group', endpoint: '/Groups', schema: GROUP });
    expectError(await scim('GET', '/ResourceTypes/Nothing'), 404);
  });

  it('§4 / RFC 7643 §7: Schemas answers the User schema, the enterprise extension and Group, each by its URN', async () => {
    const answer = await scim('GET', '/Schemas');
    expect((answer.body.Resources as { id: string }[]).map((each) => each.id)).toEqual([USER, ENTERPRISE, GROUP]);
    const group = await scim('GET', `/Schemas/${GROUP}`);
    expect((group.body.attributes as { name: string }[]).map((each) => each.name)).toEqual(['displayName', 'members']);
    const user = await scim('GET', `/Schemas/${USER}`);
    expect(user.status).toBe(200);
    const userName = (user.body.attributes as { name: string }[]).find((each) => each.name === 'userName');
    expect(userName).toMatchObject({ type: 'string', required: true, uniqueness: 'server', caseExact: false });
    const enterprise = await scim('GET', `/Schemas/${ENTERPRISE}`);
    expect((enterprise.body.attributes as { name: string }[]).map((each) => each.name)).toContain('department');
    expectError(await scim('GET', '/Schemas/urn:example:nothing'), 404);
  });

  it('§4: discovery needs a valid token too', async () => {
    for (const path of ['/ServiceProviderConfig', '/ResourceTypes', '/Schemas'])
      expectError(await scim('GET', path, undefined, { token: null }), 401);
  });
});

describe('the protocol (RFC 7644 §3.1, §3.12)', () => {
  it('§3.1 / §8.1: answers are application/scim+json; requests may be application/json too', async () => {
    const scimJson = await scim('GET', '/ServiceProviderConfig');
    expect(scimJson.headers['content-type']).toBe(SCIM_JSON);
    const plainJson = await scim('POST', '/Users', person(), { contentType: 'application/json' });
    expect(plainJson.status).toBe(201);
    expect(plainJson.headers['content-type']).toBe(SCIM_JSON);
  });

  it('§3.12: a body in another media type is refused 415; invalid JSON 400 invalidSyntax', async () => {
    expectError(await scim('POST', '/Users', '<user/>', { contentType: 'application/xml' }), 415);
    expectError(await scim('POST', '/Users', '{"schemas": [', {}), 400, 'invalidSyntax');
  });

  it('§3.12: a body nested 20,000 levels deep is refused 400 invalidSyntax naming the limit, not a 500', async () => {
    const deep = `{"schemas":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    for (const [method, path] of [
      ['POST', '/Users'],
      ['POST', '/Users/.search'],
      ['PATCH', `/Users/${randomUUID()}`],
    ] as const) {
      const answer = await scim(method, path, deep);
      expectError(answer, 400, 'invalidSyntax');
      expect(answer.body.detail, path).toBe(JSON_TOO_DEEP_MESSAGE);
    }
  });

  it('§3.12: a body over 1 MB is refused 413 with a SCIM error', async () => {
    const huge = person({ title: 'x'.repeat(1024 * 1024) });
    expectError(await scim('POST', '/Users', huge), 413);
  });

  it('§3.6: a DELETE with a Content-Type and no body is served (directories send one)', async () => {
    const created = await provision();
    const answer = await platform.rest.inject({
      method: 'DELETE',
      url: `/scim/v2/Users/${created.id}`,
      headers: { authorization: `Bearer ${acme.token}`, 'content-type': 'application/scim+json' },
    });
    expect(answer.statusCode).toBe(204);
  });

  it('§3.12: an unknown endpoint answers a SCIM 404 naming what is served (groups.test.ts tests /Groups)', async () => {
    const nothing = await scim('GET', '/Nothing');
    expectError(nothing, 404);
    expect(nothing.body.detail).toContain('/Users, /Groups and discovery');
    // The base URL itself is the service's too (a directory's connection test may call it).
    expectError(await scim('GET', ''), 404);
    expectError(await scim('GET', '/'), 404);
  });
});

describe('creating (RFC 7644 §3.3)', () => {
  it('§3.3: POST answers 201, the resource with its id and meta, and a Location header equal to meta.location', async () => {
    const sent = person({
      externalId: 'E-1001',
      name: { givenName: 'Nora', familyName: 'Nightingale' },
      title: 'Charge Nurse',
      phoneNumbers: [{ value: '+1 555 0100', type: 'work' }],
      [ENTERPRISE]: { department: 'Cardiology' },
    });
    const answer = await scim('POST', '/Users', sent);
    expect(answer.status).toBe(201);
    const body = answer.body;
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.location).toBe(body.meta.location);
    expect(body.meta).toMatchObject({
      resourceType: 'User',
      location: `${platform.config.scimBaseUrl}/Users/${body.id}`,
    });
    expect(Date.parse(body.meta.created)).not.toBeNaN();
    expect(body.meta.lastModified).toBe(body.meta.created);
    expect(body).toMatchObject({
      schemas: [USER, ENTERPRISE],
      userName: sent.userName,
      externalId: 'E-1001',
      displayName: 'Nora Nightingale',
      name: { givenName: 'Nora', familyName: 'Nightingale', formatted: 'Nora Nightingale' },
      active: true,
      emails: [{ value: sent.userName, type: 'work', primary: true }],
      roles: [{ value: 'orgUser', display: 'Org User', primary: true }],
      title: 'Charge Nurse',
      phoneNumbers: [{ value: '+1 555 0100', type: 'work' }],
      [ENTERPRISE]: { department: 'Cardiology' },
    });
    expect(await userRow(sent.userName)).toMatchObject({ active: true, role: 'orgUser', name: 'Nora Nightingale' });
  });

  it('title is the person’s job title: kept trimmed on the user, changed and cleared like any attribute, refused past its length', async () => {
    const jobTitle = async (email: string) =>
      (await platform.db.query<{ job_title: string | null }>('SELECT job_title FROM users WHERE email = $1', [email]))
        .rows[0]!.job_title;
    const created = await provision({ title: '  Ward clerk ' });
    expect(created.title).toBe('Ward clerk');
    expect(await jobTitle(created.userName)).toBe('Ward clerk');
    const patched = await scim(
      'PATCH',
      `/Users/${created.id}`,
      patchOf({ op: 'replace', path: 'title', value: 'Charge nurse' }),
    );
    expect(patched.body.title).toBe('Charge nurse');
    expect(await jobTitle(created.userName)).toBe('Charge nurse');
    // A PUT without it clears it (RFC 7644 §3.5.1), and the resource no longer names one.
    const replaced = await scim('PUT', `/Users/${created.id}`, { schemas: [USER], userName: created.userName });
    expect(replaced.body).not.toHaveProperty('title');
    expect(await jobTitle(created.userName)).toBeNull();
    // The change is the person's, in the audit trail beside the console's.
    const { rows } = await platform.db.query<{ changes: unknown }>(
      `SELECT changes FROM audit_events WHERE target_id = $1 AND changes @> '[{"field": "jobTitle"}]' ORDER BY occurred_at, id`,
      [created.userName],
    );
    expect(rows).toHaveLength(3);
    const long = await scim('POST', '/Users', person({ title: 'x'.repeat(129) }));
    expectError(long, 400, 'invalidValue');
    expect(long.body.detail).toBe('title: Job title must be at most 128 characters.');
  });

  it('§3.3: userName is case-insensitive (RFC 7643 §4.1.1) and kept lowercase', async () => {
    const sent = person();
    const answer = await scim('POST', '/Users', { ...sent, userName: sent.userName.toUpperCase() });
    expect(answer.body.userName).toBe(sent.userName);
  });

  it('§3.3: a userName already provisioned in the organization is refused 409 uniqueness', async () => {
    const created = await provision();
    const again = await scim('POST', '/Users', person({ userName: created.userName.toUpperCase() }));
    expectError(again, 409, 'uniqueness');
    // A person created in the console is a resource too: a directory finds them, it does not create them again.
    expectError(await scim('POST', '/Users', person({ userName: 'user@acme.test' })), 409, 'uniqueness');
  });

  it('§3.3: another organization’s userName, or an operator’s, is refused 400 invalidValue in the words a free outside address gets', async () => {
    const words = async (userName: string) => {
      const answer = await scim('POST', '/Users', person({ userName }));
      expectError(answer, 400, 'invalidValue');
      return answer.body.detail.replace(userName, '<userName>');
    };
    const free = await words('nobody@elsewhere.test');
    expect(free).toContain('cannot be provisioned in Acme Health');
    expect(await words('user@globex.test')).toBe(free);
    expect(await words('admin@meridian.test')).toBe(free);
    expect(await userRow('user@globex.test')).toMatchObject({ active: true, name: 'Gia Globex' });
  });

  it('§3.3 / §3.12: a resource without userName is 400 invalidValue; without the User schema 400 invalidSyntax', async () => {
    expectError(await scim('POST', '/Users', { schemas: [USER], displayName: 'No Name' }), 400, 'invalidValue');
    expectError(await scim('POST', '/Users', { userName: 'noschema@acme.test' }), 400, 'invalidSyntax');
    expectError(await scim('POST', '/Users', person({ active: 'maybe' })), 400, 'invalidValue');
  });

  it('RFC 7643 §4.1.2: roles take the key or the label; a role Meridian’s Org Admin cannot grant is refused', async () => {
    const admin = await provision({ roles: [{ value: 'Org Admin', primary: true }] });
    expect(admin.roles).toEqual([{ value: 'orgAdmin', display: 'Org Admin', primary: true }]);
    const system = await scim('POST', '/Users', person({ roles: [{ value: 'systemAdmin' }] }));
    expectError(system, 400, 'invalidValue');
    expect(system.body.detail).toContain('You can grant only these roles: Org Admin, Org User.');
    expectError(await scim('POST', '/Users', person({ roles: [{ value: 'superuser' }] })), 400, 'invalidValue');
  });

  it('§3.3: past the user limit a new person is refused 400 invalidValue, in words', async () => {
    const { rows } = await platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE organization_id = 'acme' AND active`,
    );
    await setAcmeUserLimit(rows[0]!.n);
    try {
      const full = await scim('POST', '/Users', person());
      expectError(full, 400, 'invalidValue');
      expect(full.body.detail).toBe(userLimitMessage(rows[0]!.n));
    } finally {
      await setAcmeUserLimit(1000);
    }
  });

  it('§3.3: without single sign-on a new person gets the invitation mail; with it, none (they sign in at their IdP)', async () => {
    const invited = await provision();
    expect(await outbox(invited.userName)).toHaveLength(1);
    // Issue 39: the record says the directory brought them, and they wait on the mailed invitation.
    const record = async (email: string) =>
      (
        await platform.rest.inject({
          method: 'GET',
          url: `/user/email/${email}`,
          headers: await platform.auth('admin@meridian.test'),
        })
      ).json<Record<string, unknown>>();
    expect(await record(invited.userName)).toMatchObject({ provenance: 'scim', status: 'invited' });

    const sso = await platform.rest.inject({
      method: 'PUT',
      url: '/organization/globex/sso',
      headers: await platform.auth('admin@meridian.test'),
      payload: { protocol: 'oidc', issuer: 'http://127.0.0.1:1/', clientId: 'meridian', clientSecret: 'secret' },
    });
    expect(sso.statusCode).toBe(200);
    const viaSso = await provision({ userName: 'sso-person@globex.test' }, globex.token);
    expect(viaSso.userName).toBe('sso-person@globex.test');
    expect(await outbox('sso-person@globex.test')).toEqual([]);
    const { rows } = await platform.db.query<{ action: string }>(
      'SELECT action FROM audit_events WHERE target_id = $1 ORDER BY id',
      ['sso-person@globex.test'],
    );
    expect(rows.map((row) => row.action)).toEqual(['user.create']);
    // No mail went out, so they are not "Invited" (issue 39): they sign in through their IdP.
    expect(await record('sso-person@globex.test')).toMatchObject({
      provenance: 'scim',
      status: 'active',
      invitation: null,
      lastSignInAt: null,
    });
    const listed = await platform.rest.inject({
      method: 'GET',
      url: '/user?organizationId=globex&status=invited&provenance=scim',
      headers: await platform.auth('admin@meridian.test'),
    });
    expect(listed.json().data.map((user: { email: string }) => user.email)).not.toContain('sso-person@globex.test');
  });
});

describe('reading (RFC 7644 §3.4.1)', () => {
  it('§3.4.1: GET /Users/{id} answers the resource as POST did', async () => {
    const created = await provision({ title: 'Pharmacist' });
    const read = await scim('GET', `/Users/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it('§3.4.1: an unknown id, a malformed one, and another organization’s user are 404', async () => {
    expectError(await scim('GET', `/Users/${randomUUID()}`), 404);
    expectError(await scim('GET', '/Users/not-a-uuid'), 404);
    const ofAcme = await provision();
    expectError(await scim('GET', `/Users/${ofAcme.id}`, undefined, { token: globex.token }), 404);
  });
});

describe('listing and filtering (RFC 7644 §3.4.2)', () => {
  let nora: { userName: string; id: string };
  let otto: { userName: string; id: string };
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    nora = await provision({
      userName: `nora.${tag}@acme.test`,
      externalId: `Ext-${tag}-A`,
      name: { givenName: 'Nora', familyName: `Quill${tag}` },
      displayName: `Nora ${tag}`,
    });
    otto = await provision({
      userName: `otto.${tag}@acme.test`,
      externalId: `Ext-${tag}-B`,
      name: { givenName: 'Otto', familyName: `Quill${tag}` },
      displayName: `Otto ${tag}`,
      active: false,
    });
  });

  it('§3.4.2: a ListResponse of the organization’s people, never another organization’s or an operator', async () => {
    const answer = await list('count=200');
    expect(answer.body.schemas).toEqual([LIST]);
    const names = (answer.body.Resources as { userName: string }[]).map((each) => each.userName);
    expect(answer.body.totalResults).toBe(names.length);
    expect(answer.body.itemsPerPage).toBe(names.length);
    expect(answer.body.startIndex).toBe(1);
    expect(names).toEqual(expect.arrayContaining(['orgadmin@acme.test', 'user@acme.test', 'inactive@acme.test']));
    expect(names.every((name) => name.endsWith('@acme.test'))).toBe(true);
    const ofGlobex = await list('count=200', globex.token);
    expect(
      (ofGlobex.body.Resources as { userName: string }[]).some((each) => each.userName.endsWith('@acme.test')),
    ).toBe(false);
  });

  it('§3.4.2.2: userName with eq (case-insensitive), ne, co, sw, ew, pr, gt and lt', async () => {
    expect(await filtered(`userName eq "NORA.${tag.toUpperCase()}@ACME.TEST"`)).toEqual([nora.userName]);
    expect(await filtered(`userName co "${tag}"`)).toEqual([nora.userName, otto.userName]);
    expect(await filtered(`userName sw "otto.${tag}"`)).toEqual([otto.userName]);
    expect(await filtered(`userName ew "${tag}@acme.test"`)).toEqual([nora.userName, otto.userName]);
    expect(await filtered(`userName co "${tag}" and userName ne "${nora.userName}"`)).toEqual([otto.userName]);
    expect(await filtered(`userName co "${tag}" and userName pr`)).toEqual([nora.userName, otto.userName]);
    expect(await filtered(`userName co "${tag}" and userName gt "nora.${tag}@acme.test"`)).toEqual([otto.userName]);
    expect(await filtered(`userName co "${tag}" and userName lt "otto"`)).toEqual([nora.userName]);
    // LIKE's wildcards are the value's own characters, not patterns.
    expect(await filtered('userName co "%"')).toEqual([]);
  });

  it('§3.4.2.2: emails.value, emails[type eq "work"].value and a value filter on emails', async () => {
    expect(await filtered(`emails.value eq "${nora.userName}"`)).toEqual([nora.userName]);
    expect(await filtered(`emails[type eq "work"].value eq "${otto.userName}"`)).toEqual([otto.userName]);
    expect(await filtered(`emails[type eq "work" and value co "otto.${tag}"]`)).toEqual([otto.userName]);
    expect(await filtered(`emails[type eq "home" and value co "${tag}"]`)).toEqual([]);
  });

  it('§3.4.2.2: externalId (caseExact, RFC 7643 §3.1), id, active, displayName', async () => {
    expect(await filtered(`externalId eq "Ext-${tag}-A"`)).toEqual([nora.userName]);
    expect(await filtered(`externalId eq "ext-${tag}-a"`)).toEqual([]);
    expect(await filtered(`externalId sw "Ext-${tag}"`)).toEqual([nora.userName, otto.userName]);
    expect(await filtered(`id eq "${otto.id}"`)).toEqual([otto.userName]);
    expect(await filtered(`userName co "${tag}" and active eq false`)).toEqual([otto.userName]);
    expect(await filtered(`userName co "${tag}" and active eq true`)).toEqual([nora.userName]);
    expect(await filtered(`displayName eq "nora ${tag}"`)).toEqual([nora.userName]);
    expect(await filtered(`displayName co "${tag}"`)).toEqual([nora.userName, otto.userName]);
  });

  it('§3.4.2.2: name.givenName and name.familyName; meta.lastModified compared as a date', async () => {
    expect(await filtered(`name.familyName eq "quill${tag}"`)).toEqual([nora.userName, otto.userName]);
    expect(await filtered(`name.familyName eq "Quill${tag}" and name.givenName sw "No"`)).toEqual([nora.userName]);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await filtered(`userName co "${tag}" and meta.lastModified gt "2000-01-01T00:00:00Z"`)).toHaveLength(2);
    expect(await filtered(`userName co "${tag}" and meta.lastModified gt "${later}"`)).toEqual([]);
  });

  it('§3.4.2.2: and binds before or; not and parentheses', async () => {
    expect(
      await filtered(`userName eq "${nora.userName}" or userName eq "${otto.userName}" and active eq true`),
    ).toEqual([nora.userName]);
    expect(
      await filtered(`(userName eq "${nora.userName}" or userName eq "${otto.userName}") and active eq false`),
    ).toEqual([otto.userName]);
    expect(await filtered(`userName co "${tag}" and not (active eq true)`)).toEqual([otto.userName]);
    // not of an unassigned attribute is true (no externalId is not "Ext-…").
    const noExternal = await provision({ userName: `noext.${tag}@acme.test` });
    expect(await filtered(`userName co "${tag}" and not (externalId eq "Ext-${tag}-A")`)).toEqual([
      noExternal.userName,
      otto.userName,
    ]);
    await scim('DELETE', `/Users/${noExternal.id}`);
  });

  it('§3.4.2.2: an unreadable filter, an attribute that cannot be filtered, a wrong comparison: 400 invalidFilter naming it', async () => {
    const unreadable = await list(`filter=${encodeURIComponent('userName eq')}`);
    expectError(unreadable, 400, 'invalidFilter');
    const unknown = await list(`filter=${encodeURIComponent('nickName eq "x"')}`);
    expectError(unknown, 400, 'invalidFilter');
    expect(unknown.body.detail).toContain('nickName');
    expectError(await list(`filter=${encodeURIComponent('active eq "yes"')}`), 400, 'invalidFilter');
    expectError(await list(`filter=${encodeURIComponent('meta.lastModified gt "soon"')}`), 400, 'invalidFilter');
  });

  it('§3.4.2.2: a filter nested 300 deep is 400 invalidFilter naming the limit (a 500 before); ten levels are read', async () => {
    const nested = (levels: number) => `${'not ('.repeat(levels)}userName eq "x@acme.test"${')'.repeat(levels)}`;
    const words = `The filter nests parentheses and [...] deeper than ${MAX_FILTER_DEPTH} levels.`;
    for (const answer of [
      await list(`filter=${encodeURIComponent(nested(300))}`),
      await scim('POST', '/Users/.search', { schemas: [SEARCH_REQUEST], filter: nested(300) }),
      await scim('GET', `/Groups?filter=${encodeURIComponent(nested(300).replace('userName', 'displayName'))}`),
    ]) {
      expectError(answer, 400, 'invalidFilter');
      expect(answer.body.detail).toBe(words);
    }
    expect(await filtered(nested(MAX_FILTER_DEPTH))).toEqual([]);
  });

  it('§3.4.2.2: `userName eq` is an index lookup on the users’ email', async () => {
    const params: unknown[] = ['acme'];
    const where = userFilterSql(readUserFilter('userName eq "User@Acme.test"'), params);
    const plan = await platform.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<Record<string, string>>(
        `EXPLAIN SELECT email FROM users WHERE organization_id = $1 AND (${where})`,
        params,
      );
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    // The primary key (email) or the (organization_id, email) index: either way, email in the index condition.
    expect(plan).toMatch(/Index (Only )?Scan using (users_pkey|users_org_email\w*)/);
    expect(plan).toMatch(/Index Cond: .*email = 'user@acme.test'/);
  });

  it('§3.4.2.2: filters on an enterprise attribute, read where the resource keeps it', async () => {
    const department = `Radiology ${randomUUID().slice(0, 8)}`;
    const created = await provision({ schemas: [USER, ENTERPRISE], [ENTERPRISE]: { department } });
    await provision({ schemas: [USER, ENTERPRISE], [ENTERPRISE]: { department: `${department} annex` } });
    expect(await filtered(`${ENTERPRISE}:department eq "${department.toUpperCase()}"`)).toEqual([created.userName]);
  });

  it('§3.4.2.4: startIndex and count page the list; count 0 answers the total alone; below 1 reads as 1', async () => {
    const all = (await list('count=200')).body;
    const total = all.totalResults;
    const second = await list('startIndex=2&count=2');
    expect(second.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(second.body.Resources).toEqual(all.Resources.slice(1, 3));
    expect((await list('count=0')).body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    expect((await list('count=-5')).body).toMatchObject({ totalResults: total, itemsPerPage: 0 });
    expect((await list('startIndex=0&count=1')).body).toMatchObject({
      startIndex: 1,
      Resources: all.Resources.slice(0, 1),
    });
    expect((await list(`startIndex=${total + 5}`)).body).toMatchObject({ totalResults: total, itemsPerPage: 0 });
    expectError(await list('count=many'), 400, 'invalidValue');
  });

  it('§3.4.2.4: a count above maxResults (200) is served as 200', async () => {
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, role, active)
       SELECT 'many' || i || '@acme.test', 'acme', 'Many ' || i, 'orgUser', false FROM generate_series(1, 210) AS i`,
    );
    const answer = await list('count=500');
    expect(answer.body.itemsPerPage).toBe(200);
    expect(answer.body.totalResults).toBeGreaterThan(210);
    await platform.db.query(`DELETE FROM users WHERE email LIKE 'many%@acme.test'`);
  });

  it('§3.4.2.3: sortBy userName, displayName, meta.lastModified; sortOrder descending; another attribute is refused', async () => {
    const names = async (query: string) =>
      (
        (await list(`filter=${encodeURIComponent(`userName co "${tag}"`)}&${query}`)).body.Resources as {
          userName: string;
        }[]
      ).map((each) => each.userName);
    expect(await names('sortBy=userName')).toEqual([nora.userName, otto.userName]);
    expect(await names('sortBy=userName&sortOrder=descending')).toEqual([otto.userName, nora.userName]);
    expect(await names('sortBy=displayName&sortOrder=descending')).toEqual([otto.userName, nora.userName]);
    await scim('PATCH', `/Users/${nora.id}`, patchOf({ op: 'replace', path: 'title', value: 'Touched' }));
    expect(await names('sortBy=meta.lastModified')).toEqual([otto.userName, nora.userName]);
    expectError(await list('sortBy=title'), 400, 'invalidValue');
  });

  it('§3.4.3: POST /Users/.search takes the same query in its body', async () => {
    const answer = await scim('POST', '/Users/.search', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'],
      filter: `userName eq "${otto.userName}"`,
      startIndex: 1,
      count: 10,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalResults: 1, Resources: [{ id: otto.id }] });
  });
});

describe('replacing (RFC 7644 §3.5.1)', () => {
  it('§3.5.1: PUT replaces the resource: new values kept, omitted optional attributes cleared', async () => {
    const created = await provision({
      externalId: 'put-1',
      title: 'Nurse',
      name: { givenName: 'Pia', familyName: 'Put' },
      [ENTERPRISE]: { department: 'ER' },
    });
    const replaced = await scim('PUT', `/Users/${created.id}`, {
      schemas: [USER],
      userName: created.userName,
      displayName: 'Pia Put-Replaced',
      roles: [{ value: 'orgAdmin' }],
      active: true,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ displayName: 'Pia Put-Replaced', roles: [{ value: 'orgAdmin' }] });
    for (const gone of ['externalId', 'title', ENTERPRISE]) expect(replaced.body).not.toHaveProperty(gone);
    expect(replaced.body.name).toEqual({ formatted: 'Pia Put-Replaced' });
    expect(replaced.body.schemas).toEqual([USER]);
    expect(Date.parse(replaced.body.meta.lastModified)).toBeGreaterThan(Date.parse(created.meta.lastModified));
    expect(await userRow(created.userName)).toMatchObject({ role: 'orgAdmin', name: 'Pia Put-Replaced' });
  });

  it('§3.5.1: userName cannot change (400 mutability); an unknown id is 404', async () => {
    const created = await provision();
    const renamed = await scim('PUT', `/Users/${created.id}`, { schemas: [USER], userName: 'renamed@acme.test' });
    expectError(renamed, 400, 'mutability');
    expectError(await scim('PUT', `/Users/${randomUUID()}`, { schemas: [USER], userName: created.userName }), 404);
  });

  it('§3.5.1: PUT of the same resource changes nothing, lastModified included', async () => {
    const created = await provision({ title: 'Same' });
    const { meta: _meta, id: _id, ...resource } = created;
    const again = await scim('PUT', `/Users/${created.id}`, resource);
    expect(again.body).toEqual(created);
  });
});

describe('modifying with PATCH (RFC 7644 §3.5.2)', () => {
  it('§3.5.2.1: add sets attributes by path, sub-attribute and extension URN', async () => {
    const created = await provision({ name: { givenName: 'Ada' } });
    const answer = await scim(
      'PATCH',
      `/Users/${created.id}`,
      patchOf(
        { op: 'add', path: 'title', value: 'Head Nurse' },
        { op: 'add', path: 'name.familyName', value: 'Added' },
        { op: 'add', path: `${ENTERPRISE}:department`, value: 'Oncology' },
        { op: 'add', path: 'phoneNumbers', value: [{ value: '+1 555 0101', type: 'mobile' }] },
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      title: 'Head Nurse',
      name: { givenName: 'Ada', familyName: 'Added' },
      [ENTERPRISE]: { department: 'Oncology' },
      phoneNumbers: [{ value: '+1 555 0101', type: 'mobile' }],
    });
    expect((await scim('GET', `/Users/${created.id}`)).body).toEqual(answer.body);
  });

  it('§3.5.2.3: replace by path, by a value-filtered path, and without a path (a value object)', async () => {
    const created = await provision({
      phoneNumbers: [
        { value: '1', type: 'work' },
        { value: '2', type: 'mobile' },
      ],
    });
    const answer = await scim(
      'PATCH',
      `/Users/${created.id}`,
      patchOf(
        { op: 'replace', path: 'phoneNumbers[type eq "mobile"].value', value: '22' },
        { op: 'replace', value: { displayName: 'Rita Replaced', title: 'Surgeon' } },
        { op: 'replace', path: 'externalId', value: 'rep-1' },
        // Meridian keeps one address, the userName: another work email is not taken.
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'elsewhere@acme.test' },
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      emails: [{ value: created.userName, type: 'work', primary: true }],
      displayName: 'Rita Replaced',
      title: 'Surgeon',
      externalId: 'rep-1',
      phoneNumbers: [
        { value: '1', type: 'work' },
        { value: '22', type: 'mobile' },
      ],
    });
    expect((await userRow(created.userName))!.name).toBe('Rita Replaced');
  });

  it('§3.5.2.2: remove by path and by a value filter; a removed role leaves the default role', async () => {
    const created = await provision({
      title: 'Temp',
      roles: [{ value: 'orgAdmin' }],
      phoneNumbers: [
        { value: '1', type: 'work' },
        { value: '2', type: 'mobile' },
      ],
    });
    const answer = await scim(
      'PATCH',
      `/Users/${created.id}`,
      patchOf(
        { op: 'remove', path: 'title' },
        { op: 'remove', path: 'phoneNumbers[type eq "mobile"]' },
        { op: 'remove', path: 'roles[value eq "orgAdmin"]' },
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('title');
    expect(answer.body.phoneNumbers).toEqual([{ value: '1', type: 'work' }]);
    expect(answer.body.roles).toEqual([{ value: 'orgUser', display: 'Org User', primary: true }]);
  });

  it('§3.5.2: op names are case-insensitive and active takes "True"/"False" (what Entra ID sends)', async () => {
    const created = await provision();
    const answer = await scim(
      'PATCH',
      `/Users/${created.id}`,
      patchOf({ op: 'Replace', path: 'active', value: 'False' }),
    );
    expect(answer.body.active).toBe(false);
    const back = await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'Replace', path: 'active', value: 'True' }));
    expect(back.body.active).toBe(true);
  });

  it('§3.5.2.2 / §3.12: remove without a path, and a filter matching nothing, are 400 noTarget', async () => {
    const created = await provision({ phoneNumbers: [{ value: '1', type: 'work' }] });
    expectError(await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'remove' })), 400, 'noTarget');
    expectError(
      await scim(
        'PATCH',
        `/Users/${created.id}`,
        patchOf({ op: 'replace', path: 'phoneNumbers[type eq "fax"].value', value: '9' }),
      ),
      400,
      'noTarget',
    );
  });

  it('§3.5.2 / §3.12: a path naming no attribute, or malformed, is 400 invalidPath; an unknown op 400 invalidSyntax', async () => {
    const created = await provision();
    expectError(
      await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'add', path: 'favoriteColor', value: 'x' })),
      400,
      'invalidPath',
    );
    expectError(
      await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'add', path: 'phoneNumbers[[', value: 'x' })),
      400,
      'invalidPath',
    );
    expectError(
      await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'merge', path: 'title', value: 'x' })),
      400,
      'invalidSyntax',
    );
    expectError(
      await scim('PATCH', `/Users/${created.id}`, { Operations: [{ op: 'add', path: 'title', value: 'x' }] }),
      400,
      'invalidSyntax',
    );
  });

  it('§3.5.2: id, meta and userName cannot be changed (400 mutability)', async () => {
    const created = await provision();
    for (const [path, value] of [
      ['userName', 'other@acme.test'],
      ['id', randomUUID()],
      ['meta.resourceType', 'Group'],
    ])
      expectError(
        await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'replace', path, value })),
        400,
        'mutability',
      );
    // The same userName in another case is no change.
    const same = await scim(
      'PATCH',
      `/Users/${created.id}`,
      patchOf({ op: 'replace', path: 'userName', value: created.userName.toUpperCase() }),
    );
    expect(same.status).toBe(200);
  });

  it('§3.5.2: the operations apply all or none: a failing one leaves the resource unchanged', async () => {
    const created = await provision({ title: 'Before' });
    const failed = await scim(
      'PATCH',
      `/Users/${created.id}`,
      patchOf({ op: 'replace', path: 'title', value: 'After' }, { op: 'remove' }),
    );
    expectError(failed, 400, 'noTarget');
    expect((await scim('GET', `/Users/${created.id}`)).body).toEqual(created);
  });
});

describe('deleting (RFC 7644 §3.6)', () => {
  it('§3.6: DELETE answers 204; the resource is gone (404, not listed) and the person deactivated', async () => {
    const created = await provision();
    const deleted = await scim('DELETE', `/Users/${created.id}`);
    expect(deleted.status).toBe(204);
    expectError(await scim('GET', `/Users/${created.id}`), 404);
    expect(await filtered(`userName eq "${created.userName}"`)).toEqual([]);
    expectError(await scim('DELETE', `/Users/${created.id}`), 404);
    expect(await userRow(created.userName)).toMatchObject({ active: false, scim_removed: true });
  });

  it('§3.6 / §3.3: a new POST of a deleted userName provisions the person again under a new id', async () => {
    const created = await provision({ title: 'First life' });
    await scim('DELETE', `/Users/${created.id}`);
    const again = await scim('POST', '/Users', {
      schemas: [USER],
      userName: created.userName,
      displayName: 'Second Life',
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(created.id);
    expect(again.body).toMatchObject({ active: true, displayName: 'Second Life' });
    expect(again.body).not.toHaveProperty('title');
    expect((await scim('GET', `/Users/${again.body.id}`)).status).toBe(200);
    expectError(await scim('GET', `/Users/${created.id}`), 404);
  });

  it('§3.6: an unknown id is 404', async () => {
    expectError(await scim('DELETE', `/Users/${randomUUID()}`), 404);
  });
});

describe('Meridian’s rules through SCIM', () => {
  it('active false deactivates the person and ends their sessions (revocation feed), their token refused', async () => {
    const created = await provision();
    const sid = `sid-${randomUUID()}`;
    await platform.db.query(
      `INSERT INTO user_sessions (sid, email, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
      [sid, created.userName],
    );
    const feed = await platform.rest.inject({ method: 'GET', url: '/session-revocations' });
    const cursor = feed.json<{ cursor: number }>().cursor;
    const put = await scim('PUT', `/Users/${created.id}`, {
      schemas: [USER],
      userName: created.userName,
      active: false,
    });
    expect(put.body.active).toBe(false);
    expect(await userRow(created.userName)).toMatchObject({ active: false });
    const { rows } = await platform.db.query<{ revoked_at: Date | null }>(
      'SELECT revoked_at FROM user_sessions WHERE sid = $1',
      [sid],
    );
    expect(rows[0]!.revoked_at).not.toBeNull();
    const after = await platform.rest.inject({ method: 'GET', url: `/session-revocations?after=${cursor}` });
    expect(after.json<{ sids: string[] }>().sids).toContain(sid);
    const own = await platform.rest.inject({
      method: 'GET',
      url: `/user/email/${created.userName}`,
      headers: await platform.auth(created.userName),
    });
    expect(own.statusCode).toBe(401);
  });

  it('active true reactivates, under the user limit', async () => {
    const created = await provision({ active: false });
    const { rows } = await platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE organization_id = 'acme' AND active`,
    );
    await setAcmeUserLimit(rows[0]!.n);
    try {
      const refused = await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'replace', value: { active: true } }));
      expectError(refused, 400, 'invalidValue');
      expect(refused.body.detail).toBe(userLimitMessage(rows[0]!.n));
    } finally {
      await setAcmeUserLimit(1000);
    }
    const back = await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'replace', value: { active: true } }));
    expect(back.body.active).toBe(true);
  });

  it('the last active Org Admin can be neither deactivated, demoted nor deleted (400 invalidValue)', async () => {
    const orgAdmin = (await list(`filter=${encodeURIComponent('userName eq "orgadmin@acme.test"')}`)).body
      .Resources[0]!;
    // Other Org Admins this suite made are deactivated first, so Olive is the last.
    await platform.db.query(
      `UPDATE users SET active = false WHERE organization_id = 'acme' AND role = 'orgAdmin' AND email <> 'orgadmin@acme.test'`,
    );
    const deactivate = await scim(
      'PATCH',
      `/Users/${orgAdmin.id}`,
      patchOf({ op: 'replace', path: 'active', value: false }),
    );
    expectError(deactivate, 400, 'invalidValue');
    expect(deactivate.body.detail).toBe(LAST_ORG_ADMIN_MESSAGE);
    const demote = await scim(
      'PATCH',
      `/Users/${orgAdmin.id}`,
      patchOf({ op: 'replace', path: 'roles', value: [{ value: 'orgUser' }] }),
    );
    expectError(demote, 400, 'invalidValue');
    expectError(await scim('DELETE', `/Users/${orgAdmin.id}`), 400, 'invalidValue');
    expect(await userRow('orgadmin@acme.test')).toMatchObject({ active: true, role: 'orgAdmin', scim_removed: false });
  });

  it('what a token changes is audited as the directory: actor kind directory, actor scim:<token id>', async () => {
    const created = await provision();
    await scim('PATCH', `/Users/${created.id}`, patchOf({ op: 'replace', path: 'displayName', value: 'Audited Name' }));
    await scim('DELETE', `/Users/${created.id}`);
    const { rows } = await platform.db.query<{ action: string; actor: string; actor_kind: string }>(
      'SELECT action, actor, actor_kind FROM audit_events WHERE target_id = $1 ORDER BY id',
      [created.userName],
    );
    expect(rows.map((row) => row.action)).toEqual(['invitation.send', 'user.update', 'user.deactivate']);
    for (const row of rows) expect(row).toMatchObject({ actor: `scim:${acme.id}`, actor_kind: 'directory' });
  });
});
