import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ResolvedFeature } from '@meridian/schema';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const get = async (organizationId: string, email: string) =>
  platform.rest.inject({
    method: 'GET',
    url: `/organization/${organizationId}/features`,
    headers: await platform.auth(email),
  });

async function features(organizationId: string, email: string): Promise<Record<string, ResolvedFeature>> {
  const response = await get(organizationId, email);
  expect(response.statusCode).toBe(200);
  const { data } = response.json<{ data: ResolvedFeature[] }>();
  return Object.fromEntries(data.map((feature) => [feature.key, feature]));
}

describe('GET /organization/:id/features', () => {
  it('makes managed providers available to a licensed organization', async () => {
    const acme = await features('acme', 'orgadmin@acme.test');
    expect(acme['feature:managed-providers']).toEqual({
      key: 'feature:managed-providers',
      description: expect.any(String),
      entity: 'organization',
      stage: 'general-availability',
      requiresLicense: true,
      isLicensed: true,
      isAvailable: true,
    });
    expect(acme['feature:data-access-management']).toMatchObject({
      requiresLicense: false,
      isLicensed: true,
      isAvailable: true,
    });
  });

  it('does not make it available to an organization that has not licensed it', async () => {
    const globex = await features('globex', 'orgadmin@globex.test');
    expect(globex['feature:managed-providers']).toMatchObject({ isLicensed: false, isAvailable: false });
    expect(globex['feature:data-access-management']!.isAvailable).toBe(true);
  });

  it('gives a BETA feature to the operators’ organization only', async () => {
    await platform.db.query(`UPDATE features SET stage = 'beta' WHERE key = 'feature:managed-providers'`);
    try {
      const meridian = await features('meridian', 'admin@meridian.test');
      expect(meridian['feature:managed-providers']).toMatchObject({
        stage: 'beta',
        isLicensed: true,
        isAvailable: true,
      });
      const acme = await features('acme', 'admin@meridian.test');
      expect(acme['feature:managed-providers']).toMatchObject({ stage: 'beta', isLicensed: true, isAvailable: false });
    } finally {
      await platform.db.query(
        `UPDATE features SET stage = 'general-availability' WHERE key = 'feature:managed-providers'`,
      );
    }
  });

  it('answers any member their own organization, others only with organization:read', async () => {
    const other = await get('globex', 'orgadmin@acme.test');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: MESSAGES.permissionDenied });
    // An Org User lacks organization:read, yet reads its own organization's features (the table's `member`).
    expect((await get('acme', 'user@acme.test')).statusCode).toBe(200);
    expect((await get('globex', 'user@acme.test')).statusCode).toBe(403);
    expect((await get('acme', 'viewer@meridian.test')).statusCode).toBe(200);
    expect((await get('no-such-org', 'admin@meridian.test')).statusCode).toBe(404);
  });
});
