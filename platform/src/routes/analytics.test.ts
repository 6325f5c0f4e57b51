import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@meridian/schema';
import { FIXTURE_ORGANIZATIONS, FIXTURE_USERS } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
const STEP_MS = 10 * 60_000;

beforeAll(async () => {
  platform = await startTestPlatform();
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
  // Beside the fixture's credential of user@acme.test (88 days old, 2 days left):
  const credentials: [string, string, string | null, Date, boolean][] = [
    ['cred-org-globex', 'globex', null, daysAgo(85), true], // 5 days left
    ['cred-admin', 'meridian', 'admin@meridian.test', daysAgo(80), true], // 10 days left
    ['cred-expired', 'acme', 'orgadmin@acme.test', daysAgo(91), true], // already expired
    ['cred-disabled', 'acme', 'orgadmin@acme.test', daysAgo(87), false], // disabled
    ['cred-fresh', 'globex', 'user@globex.test', daysAgo(1), true], // 89 days left
  ];
  for (const [id, organizationId, email, generatedAt, enabled] of credentials) {
    await platform.db.query(
      `INSERT INTO credentials (id, organization_id, user_email, secret_hash, generated_at, credential_enabled, created_by)
       VALUES ($1, $2, $3, 'x', $4, $5, 'test')`,
      [id, organizationId, email, generatedAt, enabled],
    );
  }
  // Initech starts onboarding; its steps take ten minutes, and it began two and a half steps ago.
  const started = await platform.rest.inject({
    method: 'POST',
    url: '/organization/initech/onboarding',
    headers: await platform.auth('admin@meridian.test'),
  });
  expect(started.statusCode).toBe(200);
  await platform.db.query(
    `UPDATE organization_jobs SET step_ms = $1, started_at = $2 WHERE organization_id = 'initech'`,
    [STEP_MS, new Date(Date.now() - 2.5 * STEP_MS)],
  );
});
afterAll(() => platform.close());

const summary = async (email = 'viewer@meridian.test', query = '') =>
  platform.rest.inject({ method: 'GET', url: `/analytics/summary${query}`, headers: await platform.auth(email) });

/** Counts of `items` grouped by `key`, as sorted "key=count" strings. */
function countBy<T>(items: readonly T[], key: (item: T) => string): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k}=${n}`).sort();
}

// The fixture as it stands after beforeAll: Initech moved from created to onboarding.
const organizations = FIXTURE_ORGANIZATIONS.map((org) => ({
  ...org,
  status: org.id === 'initech' ? 'onboarding' : org.status,
}));
const isActive = (user: (typeof FIXTURE_USERS)[number]) => !('active' in user) || user.active;

describe('GET /analytics/summary', () => {
  it('counts organizations by segment and status, and users by role and active state', async () => {
    const response = await summary();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const bySegment = body.organizationsBySegment
      .map((row: { segment: string; status: string; count: number }) => `${row.segment}/${row.status}=${row.count}`)
      .sort();
    expect(bySegment).toEqual(countBy(organizations, (org) => `${org.segment}/${org.status}`));
    const byRole = body.usersByRole
      .map((row: { role: string; active: boolean; count: number }) => `${row.role}/${row.active}=${row.count}`)
      .sort();
    expect(byRole).toEqual(countBy(FIXTURE_USERS, (user) => `${user.role}/${isActive(user)}`));
    expect(body.totals).toEqual({
      organizations: FIXTURE_ORGANIZATIONS.length,
      users: FIXTURE_USERS.length,
      activeUsers: FIXTURE_USERS.filter(isActive).length,
    });
    expect(Date.now() - Date.parse(body.generatedAt)).toBeLessThan(60_000);
  });

  it('sets license use against limits for every organization', async () => {
    const { licenseUse } = (await summary()).json();
    const expected = FIXTURE_ORGANIZATIONS.map((org) => {
      const active = FIXTURE_USERS.filter((user) => user.org === org.id && isActive(user));
      const level = (name: string) => active.filter((user) => 'tableau' in user && user.tableau === name).length;
      return {
        organizationId: org.id,
        name: org.name,
        userLimit: org.licenses.user_limit,
        activeUsers: active.length,
        explorerCount: org.licenses.tableau_user_licenses.explorer_count,
        explorerUsed: level('explorer'),
        viewerCount: org.licenses.tableau_user_licenses.viewer_count,
        viewerUsed: level('viewer'),
      };
    });
    expect(licenseUse).toEqual(expect.arrayContaining(expected));
    expect(licenseUse).toHaveLength(expected.length);
    expect(licenseUse.find((row: { organizationId: string }) => row.organizationId === 'acme')).toMatchObject({
      activeUsers: 2,
      explorerUsed: 1,
      viewerUsed: 1,
    });
  });

  it('lists enabled credentials expiring within 30 days, soonest first, with a total', async () => {
    const { credentialsExpiringSoon } = (await summary()).json();
    expect(credentialsExpiringSoon.total).toBe(3);
    expect(
      credentialsExpiringSoon.data.map((c: { id: string; daysToExpire: number }) => [c.id, c.daysToExpire]),
    ).toEqual([
      ['cred-user-acme', 2],
      ['cred-org-globex', 5],
      ['cred-admin', 10],
    ]);
    expect(credentialsExpiringSoon.data[1]).toMatchObject({ organizationId: 'globex', userEmail: null });
    const first = credentialsExpiringSoon.data[0];
    expect(Date.parse(first.expiresAt) - Date.parse(first.generatedAt)).toBe(90 * DAY_MS);
    const limited = (await summary('viewer@meridian.test', '?expiringLimit=1')).json().credentialsExpiringSoon;
    expect(limited).toMatchObject({ total: 3, data: [{ id: 'cred-user-acme' }] });
  });

  it('shows jobs in progress with their steps done', async () => {
    const { jobsInProgress } = (await summary()).json();
    expect(jobsInProgress).toEqual([
      {
        organizationId: 'initech',
        name: 'Initech Clinics',
        kind: 'onboarding',
        startedAt: expect.any(String),
        stepsDone: 2,
        stepsTotal: 4,
      },
    ]);
  });

  it('is for roles with analytics:read', async () => {
    expect((await summary('admin@meridian.test')).statusCode).toBe(200);
    for (const email of ['orgadmin@acme.test', 'user@acme.test'])
      expect((await summary(email)).statusCode, email).toBe(403);
  });
});
