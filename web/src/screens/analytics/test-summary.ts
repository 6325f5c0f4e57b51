/**
 * A gateway answer of `analyticsSummary` for the page's tests, as the gateway sends it (enum values in
 * upper snake case, __typename on every object so fragments match).
 */
export function stubSummary(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'AnalyticsSummary',
    generatedAt: '2026-03-04T10:00:00.000Z',
    totals: { __typename: 'AnalyticsTotals', organizations: 66, users: 3412, activeUsers: 3300 },
    organizationsBySegment: [
      { __typename: 'OrganizationCount', segment: 'health-plan', status: 'ACTIVE', count: 12 },
      { __typename: 'OrganizationCount', segment: 'health-plan', status: 'ONBOARDING', count: 2 },
      { __typename: 'OrganizationCount', segment: 'provider-group', status: 'ACTIVE', count: 9 },
      { __typename: 'OrganizationCount', segment: 'provider-group', status: 'OFFBOARDED', count: 1 },
    ],
    usersByRole: [
      { __typename: 'UserCount', role: 'SYSTEM_ADMIN', active: true, count: 2 },
      { __typename: 'UserCount', role: 'ORG_USER', active: true, count: 3298 },
      { __typename: 'UserCount', role: 'ORG_USER', active: false, count: 112 },
    ],
    licenseUse: [
      {
        __typename: 'LicenseUse',
        organizationId: 'acme-health',
        name: 'Acme Health',
        userLimit: 20,
        activeUsers: 8,
        explorerCount: 5,
        explorerUsed: 5,
        viewerCount: 10,
        viewerUsed: 2,
      },
      {
        __typename: 'LicenseUse',
        organizationId: 'globex',
        name: 'Globex, "The" Clinic',
        userLimit: 10,
        activeUsers: 4,
        explorerCount: 0,
        explorerUsed: 0,
        viewerCount: 0,
        viewerUsed: 0,
      },
    ],
    credentialsExpiringSoon: [
      {
        __typename: 'ExpiringCredential',
        id: 'cred-soon',
        organizationId: 'acme-health',
        userEmail: 'banner@acme.test',
        generatedAt: '2025-12-06T10:00:00.000Z',
        expiresAt: '2026-03-06T10:00:00.000Z',
        daysToExpire: 2,
      },
      {
        __typename: 'ExpiringCredential',
        id: 'cred-later',
        organizationId: 'globex',
        userEmail: null,
        generatedAt: '2025-12-30T10:00:00.000Z',
        expiresAt: '2026-03-30T10:00:00.000Z',
        daysToExpire: 26,
      },
    ],
    credentialsExpiringTotal: 2,
    jobsInProgress: [
      {
        __typename: 'JobInProgress',
        organizationId: 'initech',
        name: 'Initech',
        kind: 'onboarding',
        startedAt: '2026-03-04T09:00:00.000Z',
        stepsDone: 2,
        stepsTotal: 5,
      },
    ],
    jobsFailed: [],
    ...overrides,
  };
}
