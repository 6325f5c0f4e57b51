import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALIAS_MESSAGE,
  MESSAGES,
  NPI_FORMAT_MESSAGE,
  PROVIDER_BATCH_LIMIT,
  RELATIONSHIP_MESSAGE,
  npiCheckDigit,
} from '@meridian/schema';
import { fixtureNpis } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;

/** A valid 10-digit NPI from a 9-digit body, and a valid 15-digit one with the 80840 prefix. */
const npi10 = (body: string) => body + npiCheckDigit(body);
const npi15 = (body: string) => `80840${body}` + npiCheckDigit(`80840${body}`);

/** Providers added to the directory for the bulk tests: half 10-digit, half 15-digit. */
const BULK_NPIS = Array.from({ length: PROVIDER_BATCH_LIMIT }, (_, i) =>
  i % 2 === 0 ? npi10(String(200_000_000 + i)) : npi15(String(300_000_000 + i)),
);
const unknownNpi = npi10('555444333');

beforeAll(async () => {
  platform = await startTestPlatform();
  await platform.db.query(
    `INSERT INTO providers (npi, name, specialty, city, state, zip)
     SELECT npi, 'Bulk Provider ' || n, 'Internal Medicine', 'Shelbyville', 'IL', '62565'
       FROM unnest($1::text[]) WITH ORDINALITY AS input(npi, n)`,
    [BULK_NPIS],
  );
});
afterAll(() => platform.close());

type Kind = 'provider_alias' | 'provider_relationship';

const put = async (kind: Kind, links: { npi: string; value: string }[], email = 'orgadmin@acme.test', org = 'acme') =>
  platform.rest.inject({
    method: 'PUT',
    url: `/organization/${org}/provider-links`,
    payload: { kind, links },
    headers: await platform.auth(email),
  });
const remove = async (kind: Kind, npis: string[], email = 'orgadmin@acme.test', org = 'acme') =>
  platform.rest.inject({
    method: 'POST',
    url: `/organization/${org}/provider-links/remove`,
    payload: { kind, npis },
    headers: await platform.auth(email),
  });
const list = async (query: string, email = 'orgadmin@acme.test', org = 'acme') =>
  platform.rest.inject({
    method: 'GET',
    url: `/organization/${org}/provider-links?${query}`,
    headers: await platform.auth(email),
  });

describe('PUT /organization/:id/provider-links', () => {
  it('creates, then updates, then leaves unchanged, and keeps who changed it', async () => {
    const [a, b] = fixtureNpis();
    const created = await put('provider_alias', [
      { npi: a!, value: 'Dr. A' },
      { npi: b!, value: '  Dr. B  ' },
    ]);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      results: [
        { npi: a, status: 'created' },
        { npi: b, status: 'created' },
      ],
      summary: { created: 2, updated: 0, unchanged: 0, errors: 0 },
    });
    const before = (await list(`kind=provider_alias&search=${b}`)).json().data[0];
    expect(before).toMatchObject({ npi: b, kind: 'provider_alias', value: 'Dr. B', updatedBy: 'orgadmin@acme.test' });

    // The trimmed alias equals what is stored: unchanged, and its updatedAt stays.
    const second = await put(
      'provider_alias',
      [
        { npi: a!, value: 'Dr. Alpha' },
        { npi: b!, value: 'Dr. B' },
      ],
      'admin@meridian.test',
    );
    expect(second.json()).toEqual({
      results: [
        { npi: a, status: 'updated' },
        { npi: b, status: 'unchanged' },
      ],
      summary: { created: 0, updated: 1, unchanged: 1, errors: 0 },
    });
    const rows = (await list('kind=provider_alias&sort=npi')).json().data;
    expect(rows.find((r: { npi: string }) => r.npi === a)).toMatchObject({
      value: 'Dr. Alpha',
      updatedBy: 'admin@meridian.test',
    });
    expect(rows.find((r: { npi: string }) => r.npi === b)).toEqual(before);
  });

  it('takes 15-digit NPIs and relationship values', async () => {
    const fifteen = fixtureNpis()[5]!;
    const response = await put('provider_relationship', [{ npi: fifteen, value: 'Referral Partner' }]);
    expect(response.json().results).toEqual([{ npi: fifteen, status: 'created' }]);
    const row = (await list('kind=provider_relationship')).json().data[0];
    expect(row).toMatchObject({
      npi: fifteen,
      kind: 'provider_relationship',
      value: 'Referral Partner',
      provider: { name: 'Provider 6', specialty: 'Dermatology', city: 'Springfield', state: 'IL', zip: '62701' },
    });
    expect(Number.isNaN(Date.parse(row.updatedAt))).toBe(false);
  });

  it('answers every bad row in words and writes only the good ones', async () => {
    const [, , c, d, e] = fixtureNpis();
    const response = await put('provider_relationship', [
      { npi: c!, value: 'Employed' },
      { npi: '12345', value: 'Employed' },
      { npi: '1234567890', value: 'Employed' },
      { npi: unknownNpi, value: 'Employed' },
      { npi: d!, value: 'Friend' },
      { npi: c!, value: 'Other' },
      { npi: e!, value: 'Affiliated' },
      { npi: c!, value: 'Competitor' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { npi: c, status: 'created' },
        { npi: '12345', status: 'error', message: NPI_FORMAT_MESSAGE },
        { npi: '1234567890', status: 'error', message: 'NPI 1234567890 fails its check digit.' },
        { npi: unknownNpi, status: 'error', message: `Provider ${unknownNpi} is not in the provider directory.` },
        { npi: d, status: 'error', message: RELATIONSHIP_MESSAGE },
        { npi: c, status: 'error', message: `NPI ${c} appears more than once in this request.` },
        { npi: e, status: 'created' },
        { npi: c, status: 'error', message: `NPI ${c} appears more than once in this request.` },
      ],
      summary: { created: 2, updated: 0, unchanged: 0, errors: 6 },
    });
    expect(RELATIONSHIP_MESSAGE).toBe(
      'Relationship must be one of: Employed, Affiliated, Referral Partner, Competitor, Other.',
    );
    const stored = (await list(`kind=provider_relationship&search=${c}`)).json().data;
    expect(stored.map((r: { value: string }) => r.value)).toEqual(['Employed']);
    expect((await list(`kind=provider_relationship&search=${d}`)).json().total).toBe(0);
  });

  it('holds an alias to 1–120 characters', async () => {
    const [, , , d, e, fifteen] = fixtureNpis();
    const response = await put('provider_alias', [
      { npi: d!, value: 'x'.repeat(120) },
      { npi: e!, value: 'x'.repeat(121) },
      { npi: fifteen!, value: '   ' },
    ]);
    expect(response.json().results).toEqual([
      { npi: d, status: 'created' },
      { npi: e, status: 'error', message: ALIAS_MESSAGE },
      { npi: fifteen, status: 'error', message: ALIAS_MESSAGE },
    ]);
  });

  it('refuses an unknown kind, an extra field, no rows, and more than 5,000 rows, naming the field', async () => {
    const npi = fixtureNpis()[0]!;
    const badKind = await platform.rest.inject({
      method: 'PUT',
      url: '/organization/acme/provider-links',
      payload: { kind: 'provider_nickname', links: [{ npi, value: 'x' }] },
      headers: await platform.auth('orgadmin@acme.test'),
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().details.map((d: { param: string }) => d.param)).toEqual(['kind']);
    const extra = await put('provider_alias', [{ npi, value: 'x', note: 'y' } as { npi: string; value: string }]);
    expect(extra.json().details).toEqual([{ param: 'links.0.note', msg: 'This field is not allowed' }]);
    expect((await put('provider_alias', [])).json().details[0].param).toBe('links');
    const tooMany = await put(
      'provider_alias',
      [...BULK_NPIS, unknownNpi].map((n) => ({ npi: n, value: 'x' })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([
      { param: 'links', msg: `Must have at most ${PROVIDER_BATCH_LIMIT} entries` },
    ]);
  });

  it(`writes ${PROVIDER_BATCH_LIMIT} rows in one request, quickly`, async () => {
    const links = BULK_NPIS.map((npi, i) => ({ npi, value: `Bulk alias ${i}` }));
    const timed = async (label: string, payload: typeof links) => {
      const started = performance.now();
      const response = await put('provider_alias', payload, 'admin@meridian.test', 'meridian');
      console.info(`${label}: ${PROVIDER_BATCH_LIMIT} rows in ${Math.round(performance.now() - started)} ms`);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect((await timed('upsert, all created', links)).summary).toEqual({
      created: PROVIDER_BATCH_LIMIT,
      updated: 0,
      unchanged: 0,
      errors: 0,
    });
    const changed = links.map((link, i) => (i % 2 === 0 ? { ...link, value: `${link.value} (renamed)` } : link));
    const second = await timed('upsert, half updated', changed);
    expect(second.summary).toEqual({
      created: 0,
      updated: PROVIDER_BATCH_LIMIT / 2,
      unchanged: PROVIDER_BATCH_LIMIT / 2,
      errors: 0,
    });
    expect(second.results.slice(0, 2)).toEqual([
      { npi: BULK_NPIS[0], status: 'updated' },
      { npi: BULK_NPIS[1], status: 'unchanged' },
    ]);
    const all = (await list('kind=provider_alias&limit=0', 'admin@meridian.test', 'meridian')).json();
    expect(all.total).toBe(PROVIDER_BATCH_LIMIT);
    expect(all.data).toHaveLength(PROVIDER_BATCH_LIMIT);
    // Another organization's links are its own.
    expect((await list('kind=provider_alias&search=bulk')).json().total).toBe(0);
  }, 60_000);
});

describe('GET /organization/:id/provider-links', () => {
  const meridian = async (query: string) => (await list(query, 'viewer@meridian.test', 'meridian')).json();

  it('searches NPI, value or provider name', async () => {
    expect((await meridian(`search=${BULK_NPIS[7]}`)).data.map((r: { npi: string }) => r.npi)).toEqual([BULK_NPIS[7]]);
    expect((await meridian('search=BULK%20ALIAS%204999')).data).toEqual([
      expect.objectContaining({
        npi: BULK_NPIS[4999],
        value: 'Bulk alias 4999',
        provider: expect.objectContaining({ name: 'Bulk Provider 5000' }),
      }),
    ]);
    expect((await meridian('search=bulk%20provider%201234')).data.map((r: { npi: string }) => r.npi)).toEqual([
      BULK_NPIS[1233],
    ]);
    expect((await meridian('search=no%20such%20thing')).total).toBe(0);
  });

  it('sorts and pages in the data wrapper', async () => {
    const byValue = await meridian('sort=-value&limit=3&offset=0');
    expect(byValue).toMatchObject({ total: PROVIDER_BATCH_LIMIT, limit: 3, offset: 0 });
    expect(byValue.data.map((r: { value: string }) => r.value)).toEqual([
      'Bulk alias 999',
      'Bulk alias 998 (renamed)',
      'Bulk alias 997',
    ]);
    const byName = await meridian('sort=name&limit=2&offset=1');
    expect(byName.data.map((r: { provider: { name: string } }) => r.provider.name)).toEqual([
      'Bulk Provider 10',
      'Bulk Provider 100',
    ]);
    const byNpi = (await meridian('sort=npi&limit=0')).data.map((r: { npi: string }) => r.npi);
    expect(byNpi).toEqual([...BULK_NPIS].sort());
    const recent = await meridian('sort=-updatedAt&limit=1');
    expect(recent.data[0].value).toMatch(/\(renamed\)$/);
    expect((await list('sort=password')).statusCode).toBe(400);
  });

  it('sorts by every column the console shows, each way', async () => {
    type Row = { npi: string; provider: { specialty: string } };
    const npis = async (query: string) => ((await list(query)).json().data as Row[]).map((row) => row.npi);
    const bySpecialty = ((await list('kind=provider_alias&sort=specialty&limit=0')).json().data as Row[]).map(
      (row) => row.provider.specialty,
    );
    expect(bySpecialty.length).toBeGreaterThan(1);
    expect(bySpecialty).toEqual([...bySpecialty].sort());
    for (const sort of ['specialty', 'place', 'updatedBy', 'name', 'value', 'npi', 'updatedAt']) {
      const ascending = await npis(`kind=provider_alias&sort=${sort}&limit=0`);
      // Ties break on the NPI in the same direction, so descending is exactly the reverse.
      expect(await npis(`kind=provider_alias&sort=-${sort}&limit=0`), sort).toEqual([...ascending].reverse());
    }
  });

  it('lists both kinds without a kind filter', async () => {
    const kinds = new Set((await list('limit=0')).json().data.map((r: { kind: string }) => r.kind));
    expect(kinds).toEqual(new Set(['provider_alias', 'provider_relationship']));
  });
});

describe('POST /organization/:id/provider-links/remove', () => {
  it('removes links and answers each NPI', async () => {
    const [a, , c] = fixtureNpis();
    const response = await remove('provider_relationship', [c!, a!, '1234567890', c!]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { npi: c, status: 'removed' },
        { npi: a, status: 'not_found' },
        { npi: '1234567890', status: 'error', message: 'NPI 1234567890 fails its check digit.' },
        { npi: c, status: 'error', message: `NPI ${c} appears more than once in this request.` },
      ],
      summary: { removed: 1, notFound: 1, errors: 2 },
    });
    expect((await list(`kind=provider_relationship&search=${c}`)).json().total).toBe(0);
    // The alias of the same NPI is another kind and stays.
    expect((await list(`kind=provider_alias&search=${a}`)).json().total).toBe(1);
  });

  it(`removes ${PROVIDER_BATCH_LIMIT} at once and refuses more`, async () => {
    const response = await remove('provider_alias', BULK_NPIS, 'admin@meridian.test', 'meridian');
    expect(response.json().summary).toEqual({ removed: PROVIDER_BATCH_LIMIT, notFound: 0, errors: 0 });
    const tooMany = await remove('provider_alias', [...BULK_NPIS, unknownNpi], 'admin@meridian.test', 'meridian');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([
      { param: 'npis', msg: `Must have at most ${PROVIDER_BATCH_LIMIT} entries` },
    ]);
  });
});

describe('who may read and write provider links', () => {
  const npi = fixtureNpis()[3]!;
  const permissionDenied = { message: MESSAGES.permissionDenied };

  it('lets an org user and the system viewer read, but not write', async () => {
    for (const email of ['user@acme.test', 'viewer@meridian.test']) {
      expect((await list('kind=provider_alias', email)).statusCode, email).toBe(200);
      const write = await put('provider_alias', [{ npi, value: 'Nope' }], email);
      expect(write.statusCode, email).toBe(403);
      expect(write.json(), email).toEqual(permissionDenied);
      expect((await remove('provider_alias', [npi], email)).statusCode, email).toBe(403);
    }
    expect((await list(`kind=provider_alias&search=${npi}`)).json().data[0].value).toBe('x'.repeat(120));
  });

  it('refuses another tenant without revealing whether it exists', async () => {
    const globex = await list('', 'orgadmin@acme.test', 'globex');
    expect(globex.statusCode).toBe(403);
    expect(globex.json()).toEqual(permissionDenied);
    expect((await list('', 'orgadmin@acme.test', 'no-such-org')).json()).toEqual(permissionDenied);
    expect((await put('provider_alias', [{ npi, value: 'x' }], 'orgadmin@acme.test', 'globex')).json()).toEqual(
      permissionDenied,
    );
    expect((await remove('provider_alias', [npi], 'orgadmin@acme.test', 'globex')).json()).toEqual(permissionDenied);
    // Operators see every organization anyway, so they are told plainly.
    const missing = await list('', 'admin@meridian.test', 'no-such-org');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Organization not found.' });
  });

  it('refuses an organization without the license in the feature’s words, operators included', async () => {
    for (const email of ['orgadmin@globex.test', 'admin@meridian.test']) {
      const read = await list('', email, 'globex');
      expect(read.statusCode, email).toBe(403);
      expect(read.json().message, email).toBe(MESSAGES.featureUnavailable);
      expect((await put('provider_alias', [{ npi, value: 'x' }], email, 'globex')).json().message).toBe(
        MESSAGES.featureUnavailable,
      );
      expect((await remove('provider_alias', [npi], email, 'globex')).json().message).toBe(MESSAGES.featureUnavailable);
    }
    expect(MESSAGES.featureUnavailable).toBe('Customer has not licensed the product that enables this feature.');
  });
});
