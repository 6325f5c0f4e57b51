import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, CATALOG_VERSION, CUSTOMER_SEGMENTS, PR_CATALOG, PR_CATALOG_VERSION } from '../seed/catalog.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

/** Org users read the catalog too (catalog:read). */
const get = async (url: string, email = 'user@acme.test') =>
  platform.rest.inject({ method: 'GET', url, headers: await platform.auth(email) });
const products = async (query: string) => {
  const response = await get(`/catalog/products${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<{
    data: { id: string; product: string; kind: string; is_license_required: boolean; version: string }[];
    total: number;
    version: string;
  }>();
};
const keys = (items: { product: string }[]) => items.map((item) => item.product).sort();
const filters = (value: object | string) =>
  encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

describe('GET /catalog/products', () => {
  it('answers every product with its id, dependencies and the catalog version', async () => {
    const body = await products('');
    expect(body.total).toBe(CATALOG.length);
    expect(body.version).toBe(CATALOG_VERSION);
    expect(body.data.find((item) => item.id === 'managed_providers')).toEqual({
      id: 'managed_providers',
      product: 'managed_providers',
      kind: 'licensable_field_groups',
      name: 'Managed Providers',
      description: 'Aliases and relationships for your providers.',
      dependencies: ['provider_alias', 'provider_relationship'],
      is_license_required: true,
      version: CATALOG_VERSION,
    });
  });

  it('includes only the kinds named', async () => {
    const body = await products('?include=bi,models');
    expect(keys(body.data)).toEqual(keys(CATALOG.filter((item) => ['bi', 'models'].includes(item.kind))));
    expect(body.total).toBe(5);
  });

  it('filters by is_license_required, kind and product', async () => {
    const required = await products(
      `?include=bi,models,data,fields,field_values,licensable_field_groups&filters=${filters({ is_license_required: true })}`,
    );
    expect(keys(required.data)).not.toContain('state_field_values');
    expect(required.total).toBe(
      CATALOG.filter((item) => item.isLicenseRequired && !item.kind.startsWith('provider_')).length,
    );
    const notRequired = await products(`?filters=${filters({ is_license_required: false })}`);
    expect(keys(notRequired.data)).toEqual(['state_field_values']);
    const byKind = await products(`?filters=${filters({ kind: 'data', product: 'claims_data' })}`);
    expect(keys(byKind.data)).toEqual(['claims_data']);
  });

  it("selects the 'pr-catalog' variant", async () => {
    const body = await products('?pr_catalog=true');
    expect(keys(body.data)).toEqual(keys(PR_CATALOG));
    expect(body.version).toBe(PR_CATALOG_VERSION);
    expect(body.data.every((item) => item.version === PR_CATALOG_VERSION)).toBe(true);
  });

  it('refuses unknown kinds and bad filters in words, naming the parameter', async () => {
    const kind = await get('/catalog/products?include=bi,spaceships');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().details).toEqual([
      { param: 'include', msg: expect.stringMatching(/^Unknown product kind spaceships\. Include any of: bi, models/) },
    ]);
    const cases: [string, RegExp][] = [
      ['{"is_license_required":', /^Filters must be a JSON object/],
      ['[true]', /^Filters must be a JSON object/],
      ['{"color":"red"}', /^Cannot filter by color\. Filter by one of: is_license_required, kind, product\.$/],
      // A name every object's prototype has is no filter either.
      ['{"toString":"red"}', /^Cannot filter by toString\. Filter by one of: /],
      ['{"is_license_required":"yes"}', /^The is_license_required filter must be true or false\.$/],
      ['{"kind":"spaceships"}', /^The kind filter must be one of: bi, /],
    ];
    for (const [value, message] of cases) {
      const response = await get(`/catalog/products?filters=${filters(value)}`);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().details).toEqual([{ param: 'filters', msg: expect.stringMatching(message) }]);
    }
  });
});

describe('GET /catalog/products/version', () => {
  it('answers the version of either catalog', async () => {
    expect((await get('/catalog/products/version')).json()).toEqual({ version: CATALOG_VERSION });
    expect((await get('/catalog/products/version?pr_catalog=true')).json()).toEqual({ version: PR_CATALOG_VERSION });
    await platform.db.query(`UPDATE catalog_versions SET version = '2027.1.0' WHERE NOT pr_catalog`);
    expect((await get('/catalog/products/version', 'orgadmin@globex.test')).json()).toEqual({ version: '2027.1.0' });
    expect((await products('?include=data')).version).toBe('2027.1.0');
  });
});

describe('GET /catalog/customer-segments', () => {
  it('answers segments in the data wrapper, filtered by active', async () => {
    await platform.db.query(
      `INSERT INTO customer_segments (id, name, description, attributes) VALUES ('retired', 'Retired Segment', 'No longer sold.', '{"active":false}')`,
    );
    const all = (await get('/catalog/customer-segments')).json();
    expect(all.total).toBe(CUSTOMER_SEGMENTS.length + 1);
    expect(all.data).toContainEqual({
      id: 'employer',
      name: 'Employer',
      description: 'Self-insured employers.',
      active: true,
    });
    const active = (await get(`/catalog/customer-segments?filters=${filters({ active: true })}`)).json();
    expect(active.data.map((segment: { id: string }) => segment.id).sort()).toEqual(
      CUSTOMER_SEGMENTS.map((segment) => segment.id).sort(),
    );
    const inactive = (await get(`/catalog/customer-segments?filters=${filters({ active: false })}`)).json();
    expect(inactive).toMatchObject({ total: 1, data: [{ id: 'retired', active: false }] });
    const bad = await get(`/catalog/customer-segments?filters=${filters({ is_license_required: true })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { param: 'filters', msg: 'Cannot filter by is_license_required. Filter by one of: active.' },
    ]);
  });
});

describe('access', () => {
  it('is open to every role and closed without a token', async () => {
    for (const email of ['admin@meridian.test', 'viewer@meridian.test', 'orgadmin@acme.test', 'user@globex.test']) {
      expect((await get('/catalog/products?include=bi', email)).statusCode, email).toBe(200);
      expect((await get('/catalog/customer-segments', email)).statusCode, email).toBe(200);
    }
    for (const url of ['/catalog/products', '/catalog/products/version', '/catalog/customer-segments']) {
      expect((await platform.rest.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
