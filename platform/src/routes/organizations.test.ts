import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLBACK_URL_MESSAGE,
  CONTACT_NAME_REQUIRED_MESSAGE,
  DOMAIN_MESSAGE,
  NAME_REQUIRED_MESSAGE,
} from '@meridian/schema';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const get = async (url: string, email: string) =>
  platform.rest.inject({ method: 'GET', url, headers: await platform.auth(email) });

describe('GET /organization', () => {
  it('lists in the data wrapper with search, sort and paging', async () => {
    const all = await get('/organization?limit=0', 'admin@meridian.test');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 4, limit: 0, offset: 0 });
    const page = (await get('/organization?limit=2&offset=1&sort=-name', 'admin@meridian.test')).json();
    expect(page.data.map((o: { id: string }) => o.id)).toEqual(['initech', 'globex']);
    const found = (await get('/organization?search=ACME', 'viewer@meridian.test')).json();
    expect(found).toMatchObject({ total: 1, data: [{ id: 'acme', name: 'Acme Health' }] });
  });

  it('filters by customer segment and lifecycle state, with the search', async () => {
    const ids = async (query: string) =>
      ((await get(`/organization?${query}`, 'viewer@meridian.test')).json().data as { id: string }[]).map((o) => o.id);
    expect(await ids('customer_segment=employer')).toEqual(['initech']);
    expect(await ids('status=created')).toEqual(['initech']);
    expect(await ids('customer_segment=employer&status=active')).toEqual([]);
    expect(await ids('status=active&search=acme')).toEqual(['acme']);
    const bad = await get('/organization?status=sleeping', 'viewer@meridian.test');
    expect(bad.statusCode).toBe(400);
  });

  it('adds license usage with include=licenses_used', async () => {
    const acme = (await get('/organization/acme?include=licenses_used', 'orgadmin@acme.test')).json();
    expect(acme.licenses).toMatchObject({
      active_users: 2,
      tableau_user_licenses: { explorer_used: 1, viewer_used: 1 },
    });
  });

  it('refuses an unknown sort field in words', async () => {
    const response = await get('/organization?sort=password', 'admin@meridian.test');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Cannot sort by password/);
  });

  it('refuses org roles the list and other tenants', async () => {
    expect((await get('/organization', 'orgadmin@acme.test')).statusCode).toBe(403);
    const other = await get('/organization/globex', 'orgadmin@acme.test');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'You do not have permission to view that page.' });
    // The same answer for an organization that does not exist: nothing is revealed.
    expect((await get('/organization/no-such-org', 'orgadmin@acme.test')).json()).toEqual(other.json());
  });

  it('refuses a missing or tampered token', async () => {
    expect((await platform.rest.inject({ method: 'GET', url: '/organization' })).statusCode).toBe(401);
    const { authorization } = await platform.auth('admin@meridian.test');
    const tampered = authorization.slice(0, -4) + 'AAAA';
    expect(
      (await platform.rest.inject({ method: 'GET', url: '/organization', headers: { authorization: tampered } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /organization', () => {
  const body = {
    id: 'new-org',
    name: 'New Org',
    domain: ['new.test'],
    primaryContact: { name: 'Pat', email: 'pat@new.test' },
    customer_segment: 'employer',
    medicare_licensed: false,
  };
  const post = async (payload: object, email = 'admin@meridian.test') =>
    platform.rest.inject({ method: 'POST', url: '/organization', payload, headers: await platform.auth(email) });

  it('creates with default licenses, then refuses the same id as a conflict', async () => {
    const created = await post(body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: 'new-org',
      status: 'created',
      active: false,
      licenses: { user_limit: 20 },
    });
    const again = await post(body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      conflicts: [{ message: 'An organization with id new-org already exists.', param: 'id' }],
    });
  });

  it('names each invalid field', async () => {
    const response = await post({
      ...body,
      id: 'Bad Id',
      primaryContact: { name: 'Pat', email: 'nope' },
      customer_segment: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { param: string }) => d.param)).toEqual([
      'id',
      'primaryContact.email',
      'customer_segment',
    ]);
    const missing = await post({ id: 'abc' });
    expect(missing.json().details).toContainEqual({ param: 'name', msg: 'A value is required' });
  });

  it('is for system admins only', async () => {
    expect((await post({ ...body, id: 'viewer-try' }, 'viewer@meridian.test')).statusCode).toBe(403);
  });
});

describe('PUT /organization', () => {
  it('updates the editable fields and keeps the rest', async () => {
    const response = await platform.rest.inject({
      method: 'PUT',
      url: '/organization?organizationId=globex',
      payload: { name: 'Globex Care Inc', callbackUrls: ['https://globex.test/callback'] },
      headers: await platform.auth('admin@meridian.test'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Globex Care Inc',
      callbackUrls: ['https://globex.test/callback'],
      domain: ['globex.test'],
    });
    // The list's search follows the new name (search_text is kept by the database).
    const found = (await get('/organization?search=CARE%20INC', 'viewer@meridian.test')).json();
    expect(found.data.map((o: { id: string }) => o.id)).toEqual(['globex']);
  });

  it('names blank names, bad domains and bad callback URLs in the shared words, and saves nothing', async () => {
    const response = await platform.rest.inject({
      method: 'PUT',
      url: '/organization?organizationId=globex',
      payload: {
        name: '   ',
        domain: ['globex.test', 'not a domain'],
        callbackUrls: ['ftp://globex.test'],
        primaryContact: { name: ' ', email: 'pat@globex.test' },
      },
      headers: await platform.auth('admin@meridian.test'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { param: 'name', msg: NAME_REQUIRED_MESSAGE },
      { param: 'domain', msg: DOMAIN_MESSAGE },
      { param: 'callbackUrls', msg: CALLBACK_URL_MESSAGE },
      { param: 'primaryContact.name', msg: CONTACT_NAME_REQUIRED_MESSAGE },
    ]);
    const saved = await platform.rest.inject({
      method: 'GET',
      url: '/organization/globex',
      headers: await platform.auth('admin@meridian.test'),
    });
    expect(saved.json().domain).toEqual(['globex.test']);
  });

  it('refuses fields that have their own calls', async () => {
    const response = await platform.rest.inject({
      method: 'PUT',
      url: '/organization?organizationId=globex',
      payload: { status: 'active' },
      headers: await platform.auth('admin@meridian.test'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toEqual({ param: 'status', msg: 'This field is not allowed' });
  });
});

describe('requireMfa', () => {
  const put = async (payload: object, email = 'admin@meridian.test') =>
    platform.rest.inject({
      method: 'PUT',
      url: '/organization?organizationId=initech',
      payload,
      headers: await platform.auth(email),
    });

  it('is answered false until an operator requires a second factor, then true in the detail and the list', async () => {
    expect((await get('/organization/initech', 'admin@meridian.test')).json().requireMfa).toBe(false);
    const response = await put({ requireMfa: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: 'initech', requireMfa: true, name: 'Initech Clinics' });
    expect((await get('/organization/initech', 'viewer@meridian.test')).json().requireMfa).toBe(true);
    const listed = (await get('/organization?search=initech', 'viewer@meridian.test')).json();
    expect(listed.data[0]).toMatchObject({ id: 'initech', requireMfa: true });
    // Another edit leaves it as it is.
    expect((await put({ name: 'Initech Clinics' })).json().requireMfa).toBe(true);
  });

  it('records the change as organization.update, before and after', async () => {
    await put({ requireMfa: false });
    const events = (
      await platform.rest.inject({
        method: 'GET',
        url: '/audit-events?organizationId=initech&action=organization.update&limit=5',
        headers: await platform.auth('admin@meridian.test'),
      })
    ).json().data as { actor: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(events[0]).toMatchObject({
      actor: 'admin@meridian.test',
      changes: [{ field: 'requireMfa', before: true, after: false }],
    });
    // The edit of the first test that changed nothing is recorded with no change between the two.
    expect(events.filter((e) => e.changes.length > 0)[1]?.changes).toEqual([
      { field: 'requireMfa', before: false, after: true },
    ]);
  });

  it('is set by operators only: an org admin may read it on their organization but not change it', async () => {
    expect((await get('/organization/acme', 'orgadmin@acme.test')).json().requireMfa).toBe(false);
    const refused = await platform.rest.inject({
      method: 'PUT',
      url: '/organization?organizationId=acme',
      payload: { requireMfa: true },
      headers: await platform.auth('orgadmin@acme.test'),
    });
    expect(refused.statusCode).toBe(403);
    expect((await put({ requireMfa: true }, 'viewer@meridian.test')).statusCode).toBe(403);
    expect((await get('/organization/acme', 'admin@meridian.test')).json().requireMfa).toBe(false);
  });

  it('names a value that is not true or false', async () => {
    const response = await put({ requireMfa: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ param: 'requireMfa' });
  });
});

describe('OpenAPI', () => {
  it('describes every route at /openapi.json without a token', async () => {
    const response = await platform.rest.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/organization', '/organization/{id}']));
  });
});
