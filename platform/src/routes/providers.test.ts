import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, NPI_FORMAT_MESSAGE, PROVIDER_BATCH_LIMIT, npiCheckDigit } from '@meridian/schema';
import { fixtureNpis } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const get = async (url: string, email = 'user@acme.test') =>
  platform.rest.inject({ method: 'GET', url, headers: await platform.auth(email) });
const lookup = async (npis: unknown, email = 'user@acme.test') =>
  platform.rest.inject({
    method: 'POST',
    url: '/providers/lookup',
    payload: { npis },
    headers: await platform.auth(email),
  });

/** A valid NPI not in the fixture directory, and one whose last digit is off by one. */
const unknownNpi = '555444333' + npiCheckDigit('555444333');
const badCheckDigit = (npi: string) => npi.slice(0, -1) + ((Number(npi.at(-1)) + 1) % 10);

describe('GET /providers/:npi', () => {
  it('answers a 10-digit and a 15-digit NPI of the directory', async () => {
    const [ten, , , , , fifteen] = fixtureNpis();
    const response = await get(`/providers/${ten}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      npi: ten,
      name: 'Provider 1',
      specialty: 'Cardiology',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    expect(fifteen).toHaveLength(15);
    expect((await get(`/providers/${fifteen}`)).json()).toMatchObject({ npi: fifteen, name: 'Provider 6' });
  });

  it('refuses a malformed NPI and a bad check digit with the validator messages', async () => {
    const malformed = await get('/providers/12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([{ param: 'npi', msg: NPI_FORMAT_MESSAGE }]);
    // decisions.md: 1234567893 is valid, 1234567890 is not.
    expect((await get('/providers/1234567893')).statusCode).toBe(200);
    const wrong = await get('/providers/1234567890');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ param: 'npi', msg: 'NPI 1234567890 fails its check digit.' }]);
    const wrong15 = badCheckDigit(fixtureNpis()[5]!);
    expect((await get(`/providers/${wrong15}`)).json().details).toEqual([
      { param: 'npi', msg: `NPI ${wrong15} fails its check digit.` },
    ]);
  });

  it('answers 404 for a valid NPI that is not in the directory', async () => {
    const response = await get(`/providers/${unknownNpi}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Provider not found.' });
  });
});

describe('GET /providers', () => {
  it('searches NPI or name, case-insensitively, in the data wrapper', async () => {
    const byName = (await get('/providers?search=PROVIDER%203')).json();
    expect(byName).toEqual({ data: [expect.objectContaining({ name: 'Provider 3' })], total: 1, limit: 0, offset: 0 });
    const fifteen = fixtureNpis()[5]!;
    const byNpi = (await get(`/providers?search=${fifteen.slice(3, 12)}`)).json();
    expect(byNpi.data.map((p: { npi: string }) => p.npi)).toEqual([fifteen]);
  });

  it('sorts and pages', async () => {
    const page = (await get('/providers?sort=-name&limit=2&offset=1')).json();
    expect(page).toMatchObject({ total: 6, limit: 2, offset: 1 });
    expect(page.data.map((p: { name: string }) => p.name)).toEqual(['Provider 5', 'Provider 4']);
    expect((await get('/providers?sort=secret')).statusCode).toBe(400);
  });
});

describe('POST /providers/lookup', () => {
  it('sorts NPIs into found, missing and invalid, each once, in request order', async () => {
    const [a, b, , , , fifteen] = fixtureNpis();
    const response = await lookup([fifteen, unknownNpi, 'abc', a, '1234567890', a, b]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((p: { npi: string }) => p.npi)).toEqual([fifteen, a, b]);
    expect(body.data[0]).toEqual({
      npi: fifteen,
      name: 'Provider 6',
      specialty: 'Dermatology',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    expect(body.missing).toEqual([unknownNpi]);
    expect(body.invalid).toEqual([
      { npi: 'abc', msg: NPI_FORMAT_MESSAGE },
      { npi: '1234567890', msg: 'NPI 1234567890 fails its check digit.' },
    ]);
  });

  it(`takes 1 to ${PROVIDER_BATCH_LIMIT} NPIs`, async () => {
    const many = await lookup(Array.from({ length: PROVIDER_BATCH_LIMIT }, () => unknownNpi));
    expect(many.statusCode).toBe(200);
    expect(many.json().missing).toEqual([unknownNpi]);
    const tooMany = await lookup(Array.from({ length: PROVIDER_BATCH_LIMIT + 1 }, () => unknownNpi));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([
      { param: 'npis', msg: `Must have at most ${PROVIDER_BATCH_LIMIT} entries` },
    ]);
    const none = await lookup([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].param).toBe('npis');
  });
});

describe('the managed-providers feature of the caller’s own organization', () => {
  it('serves organizations that have it, and the operators', async () => {
    const npi = fixtureNpis()[0]!;
    for (const email of ['orgadmin@acme.test', 'user@acme.test', 'admin@meridian.test', 'viewer@meridian.test']) {
      expect((await get(`/providers/${npi}`, email)).statusCode, email).toBe(200);
    }
  });

  it('refuses an organization without the license, in the feature’s words', async () => {
    for (const email of ['orgadmin@globex.test', 'user@globex.test']) {
      const one = await get(`/providers/${fixtureNpis()[0]}`, email);
      expect(one.statusCode).toBe(403);
      expect(one.json().message).toBe(MESSAGES.featureUnavailable);
      expect((await get('/providers', email)).json().message).toBe(MESSAGES.featureUnavailable);
      expect((await lookup([fixtureNpis()[0]], email)).statusCode).toBe(403);
    }
  });

  it('refuses a call without a token', async () => {
    expect((await platform.rest.inject({ method: 'GET', url: '/providers' })).statusCode).toBe(401);
  });
});
