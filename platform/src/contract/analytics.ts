import { JOB_KINDS, ORGANIZATION_STATUSES, ROLES } from '@meridian/schema';
import { isoDateTime } from './common.js';

const count = { type: 'integer' } as const;

/** An object schema whose every property is always there (the summary's rows are all complete). */
function row<const Properties extends Record<string, object>>(properties: Properties) {
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    required: Object.keys(properties) as (keyof Properties & string)[],
  } as const;
}

const organizationsBySegment = row({
  segment: { type: 'string' },
  status: { type: 'string', enum: [...ORGANIZATION_STATUSES] },
  count,
});

const usersByRole = row({ role: { type: 'string', enum: [...ROLES] }, active: { type: 'boolean' }, count });

const licenseUse = row({
  organizationId: { type: 'string' },
  name: { type: 'string' },
  userLimit: count,
  activeUsers: count,
  explorerCount: count,
  explorerUsed: count,
  viewerCount: count,
  viewerUsed: count,
});

const expiringCredential = row({
  id: { type: 'string' },
  organizationId: { type: 'string' },
  userEmail: { type: ['string', 'null'], description: 'Null for an organization’s own credential.' },
  generatedAt: isoDateTime,
  expiresAt: isoDateTime,
  daysToExpire: count,
});

const jobInProgress = row({
  organizationId: { type: 'string' },
  name: { type: 'string', description: 'The organization’s name.' },
  kind: { type: 'string', enum: [...JOB_KINDS] },
  startedAt: isoDateTime,
  stepsDone: count,
  stepsTotal: count,
});

const jobFailed = row({
  organizationId: { type: 'string' },
  name: { type: 'string', description: 'The organization’s name.' },
  kind: { type: 'string', enum: [...JOB_KINDS] },
  failedAt: { ...isoDateTime, type: ['string', 'null'] },
  step: { type: ['string', 'null'], description: 'The step that failed.' },
  reason: { type: ['string', 'null'], description: 'Why it failed, in words an operator can act on.' },
});

/** GET /analytics/summary: every figure of the analytics screen, counted by the database. */
export const analyticsSummaryBody = {
  ...row({
    organizationsBySegment: { type: 'array', items: organizationsBySegment },
    usersByRole: { type: 'array', items: usersByRole },
    licenseUse: { type: 'array', items: licenseUse, description: 'Each organization’s limits beside its use.' },
    credentialsExpiringSoon: {
      ...row({ data: { type: 'array', items: expiringCredential }, total: count }),
      description:
        'Enabled credentials expiring within 30 days, soonest first (expiringLimit of them), and how many in all.',
    },
    jobsInProgress: { type: 'array', items: jobInProgress },
    jobsFailed: {
      type: 'array',
      items: jobFailed,
      description: 'Failed jobs that still hold their organization back, newest first.',
    },
    totals: row({ organizations: count, users: count, activeUsers: count }),
    generatedAt: isoDateTime,
  }),
  examples: [
    {
      organizationsBySegment: [{ segment: 'provider-group', status: 'active', count: 1 }],
      usersByRole: [{ role: 'orgAdmin', active: true, count: 1 }],
      licenseUse: [
        {
          organizationId: 'acme',
          name: 'Acme Health',
          userLimit: 10,
          activeUsers: 2,
          explorerCount: 2,
          explorerUsed: 1,
          viewerCount: 3,
          viewerUsed: 1,
        },
      ],
      credentialsExpiringSoon: {
        data: [
          {
            id: 'cred-user-acme',
            organizationId: 'acme',
            userEmail: 'user@acme.test',
            generatedAt: '2026-08-29T10:00:00.000Z',
            expiresAt: '2026-11-27T10:00:00.000Z',
            daysToExpire: 2,
          },
        ],
        total: 1,
      },
      jobsInProgress: [],
      jobsFailed: [],
      totals: { organizations: 4, users: 7, activeUsers: 6 },
      generatedAt: '2026-11-25T10:00:00.000Z',
    },
  ],
} as const;

export const analyticsQuery = {
  type: 'object',
  properties: {
    expiringLimit: {
      type: 'integer',
      minimum: 0,
      maximum: 100000,
      default: 100,
      description: 'How many of the soonest-expiring credentials to list (0 = all); the total counts them all.',
    },
  },
} as const;
