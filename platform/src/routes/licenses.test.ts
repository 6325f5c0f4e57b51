import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ORGANIZATIONS } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const ADMIN = 'admin@meridian.test';

const put = async (organizationId: string, licenses: object, email = ADMIN) =>
  platform.rest.inject({
    method: 'PUT',
    url: `/licenses?organizationId=${organizationId}`,
    payload: { licenses },
    headers: await platform.auth(email),
  });

const storedLicenses = async (organizationId: string) =>
  (await platform.db.query<{ licenses: object }>('SELECT licenses FROM organizations WHERE id = $1', [organizationId]))
    .rows[0]!.licenses;

const fixtureLicenses = (id: string) => FIXTURE_ORGANIZATIONS.find((org) => org.id === id)!.licenses;

describe('PUT /licenses', () => {
  it('refuses the read-only usage keys, naming each', async () => {
    const response = await put('globex', {
      active_users: 1,
      tableau_user_licenses: { explorer_used: 0, viewer_count: 4 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { param: 'licenses.active_users', msg: 'This field is not allowed' },
        { param: 'licenses.tableau_user_licenses.explorer_used', msg: 'This field is not allowed' },
      ]),
    );
    expect(await storedLicenses('globex')).toEqual(fixtureLicenses('globex'));
  });

  it('changes only what a partial license names, and answers with usage', async () => {
    const seats = await put('acme', { tableau_user_licenses: { viewer_count: 5 } });
    expect(seats.statusCode).toBe(200);
    expect(seats.json()).toMatchObject({
      id: 'acme',
      licenses: {
        user_limit: 10,
        active_users: 2,
        tableau_user_licenses: { explorer_count: 2, viewer_count: 5, explorer_used: 1, viewer_used: 1 },
        products: { managed_providers: { enabled: true }, market_intelligence: { enabled: true } },
      },
    });
    const products = await put('acme', {
      products: { provider_data: { enabled: true }, market_intelligence: { enabled: false } },
    });
    expect(products.json().licenses.products).toEqual({
      managed_providers: { enabled: true },
      market_intelligence: { enabled: false },
      provider_data: { enabled: true },
    });
    expect(await storedLicenses('acme')).toEqual({
      user_limit: 10,
      tableau_user_licenses: { explorer_count: 2, viewer_count: 5 },
      products: {
        managed_providers: { enabled: true },
        market_intelligence: { enabled: false },
        provider_data: { enabled: true },
      },
    });
  });

  it('refuses limits below what the organization uses, naming the numbers', async () => {
    // Acme: 2 active users (the inactive one does not count), one explorer, one viewer.
    const users = await put('acme', { user_limit: 1 });
    expect(users.statusCode).toBe(409);
    expect(users.json()).toEqual({
      conflicts: [
        { message: 'The user limit cannot be 1: the organization has 2 active users. Deactivate users first.' },
      ],
    });
    const seats = await put('acme', { user_limit: 1, tableau_user_licenses: { explorer_count: 0, viewer_count: 0 } });
    expect(seats.json().conflicts.map((c: { message: string }) => c.message)).toEqual([
      'The user limit cannot be 1: the organization has 2 active users. Deactivate users first.',
      'Tableau explorer licenses cannot be 0: 1 are assigned to active users. Change their licenses first.',
      'Tableau viewer licenses cannot be 0: 1 are assigned to active users. Change their licenses first.',
    ]);
    expect(await storedLicenses('acme')).toMatchObject({
      user_limit: 10,
      tableau_user_licenses: { explorer_count: 2, viewer_count: 5 },
    });
    // Down to exactly what is used is fine.
    const exact = await put('acme', { user_limit: 2, tableau_user_licenses: { explorer_count: 1, viewer_count: 1 } });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().licenses).toMatchObject({ user_limit: 2, active_users: 2 });
  });

  it('refuses products missing from the catalog', async () => {
    const response = await put('globex', { products: { nope: { enabled: true }, claims_data: { enabled: true } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { param: 'licenses.products.nope', msg: 'Product nope is not in the catalog.' },
    ]);
    expect(await storedLicenses('globex')).toEqual(fixtureLicenses('globex'));
  });

  it('applies the same usage rule to a segment switch', async () => {
    const response = await platform.rest.inject({
      method: 'POST',
      url: '/organization/acme/segment-switch',
      payload: { customer_segment: 'health-plan', medicare_licensed: true, licenses: { user_limit: 1 } },
      headers: await platform.auth(ADMIN),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().conflicts[0].message).toMatch(/cannot be 1: the organization has 2 active users/);
    expect(
      (
        await platform.db.query<{ customer_segment: string }>(
          `SELECT customer_segment FROM organizations WHERE id = 'acme'`,
        )
      ).rows[0]!.customer_segment,
    ).toBe('provider-group');
  });

  it('is for system admins only, within a known organization', async () => {
    for (const email of ['orgadmin@acme.test', 'viewer@meridian.test', 'user@acme.test']) {
      expect((await put('acme', { user_limit: 12 }, email)).statusCode, email).toBe(403);
    }
    expect((await put('globex', { user_limit: 12 }, 'orgadmin@acme.test')).statusCode).toBe(403);
    expect((await put('no-such-org', { user_limit: 12 })).statusCode).toBe(404);
    const missingQuery = await platform.rest.inject({
      method: 'PUT',
      url: '/licenses',
      payload: { licenses: {} },
      headers: await platform.auth(ADMIN),
    });
    expect(missingQuery.statusCode).toBe(400);
    expect(await storedLicenses('acme')).toMatchObject({ user_limit: 2 });
  });
});
