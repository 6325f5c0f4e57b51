import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  CREDENTIAL_LIFETIME_DAYS,
  DAY_MS,
  JOB_OF_STATUS,
  credentialDaysToExpire,
  defaultLicenses,
  type JobKind,
  type Licenses,
  type OrganizationStatus,
  type Role,
} from '@meridian/schema';
import { principalOf } from '../app.js';
import type { Queryable } from '../db/database.js';
import { authorize } from '../http/access.js';
import { page } from '../http/lists.js';
import { responses } from '../contract/common.js';
import { analyticsQuery, analyticsSummaryBody } from '../contract/analytics.js';
import { refreshJobs } from '../domain/jobs.js';
import { licenseUsage } from '../domain/organizations.js';
import type { RouteDeps } from './deps.js';

/** Credentials expiring within this many days are "expiring soon" (decisions.md "Analytics"). */
export const EXPIRING_WITHIN_DAYS = 30;

/** Every figure is counted by the database; only the grouped results travel. */
async function organizationsBySegment(db: Queryable) {
  const { rows } = await db.query<{ segment: string; status: OrganizationStatus; count: number }>(
    `SELECT customer_segment AS segment, status, count(*)::int AS count
       FROM organizations GROUP BY customer_segment, status ORDER BY customer_segment, status`,
  );
  return rows;
}

async function usersByRole(db: Queryable) {
  const { rows } = await db.query<{ role: Role; active: boolean; count: number }>(
    'SELECT role, active, count(*)::int AS count FROM users GROUP BY role, active ORDER BY role, active DESC',
  );
  return rows;
}

/** Each organization's limits beside its use (the same usage count as include=licenses_used). */
async function licenseUse(db: Queryable) {
  const { rows } = await db.query<{ id: string; name: string; licenses: Partial<Licenses> }>(
    'SELECT id, name, licenses FROM organizations ORDER BY lower(name), id',
  );
  const usage = await licenseUsage(
    db,
    rows.map((row) => row.id),
  );
  const defaults = defaultLicenses();
  return rows.map((row) => {
    const used = usage.get(row.id)!;
    const seats = { ...defaults.tableau_user_licenses, ...row.licenses.tableau_user_licenses };
    return {
      organizationId: row.id,
      name: row.name,
      userLimit: row.licenses.user_limit ?? defaults.user_limit,
      activeUsers: used.active_users,
      explorerCount: seats.explorer_count,
      explorerUsed: used.explorer_used,
      viewerCount: seats.viewer_count,
      viewerUsed: used.viewer_used,
    };
  });
}

/** Enabled credentials not yet expired that expire within 30 days, soonest first. */
async function credentialsExpiringSoon(db: Queryable, now: Date, limit: number) {
  const lifetimeMs = CREDENTIAL_LIFETIME_DAYS * DAY_MS;
  // generated_at bounds rather than arithmetic on the column, so the partial index on generated_at serves.
  const window = [
    new Date(now.getTime() - lifetimeMs),
    new Date(now.getTime() - lifetimeMs + EXPIRING_WITHIN_DAYS * DAY_MS),
  ];
  const where = 'WHERE credential_enabled AND generated_at > $1 AND generated_at <= $2';
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credentials ${where}`, window)).rows[0]!
    .n;
  const params: unknown[] = [...window];
  const { rows } = await db.query<{
    id: string;
    organization_id: string;
    user_email: string | null;
    generated_at: Date;
  }>(
    `SELECT id, organization_id, user_email, generated_at FROM credentials ${where}
      ORDER BY generated_at, id${page({ limit, offset: 0 }, params)}`,
    params,
  );
  const data = rows.map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    userEmail: row.user_email,
    generatedAt: row.generated_at.toISOString(),
    expiresAt: new Date(row.generated_at.getTime() + lifetimeMs).toISOString(),
    daysToExpire: credentialDaysToExpire(row.generated_at, now),
  }));
  return { data, total };
}

async function jobsInProgress(db: Queryable) {
  const { rows } = await db.query<{
    organization_id: string;
    name: string;
    kind: JobKind;
    started_at: Date;
    steps_done: number;
    steps_total: number;
  }>(
    `SELECT j.organization_id, o.name, j.kind, j.started_at,
            (SELECT count(*) FROM jsonb_array_elements(j.steps) AS step WHERE step->>'status' = 'completed')::int AS steps_done,
            jsonb_array_length(j.steps) AS steps_total
       FROM organization_jobs j JOIN organizations o ON o.id = j.organization_id
      WHERE j.status = 'in_progress' ORDER BY j.started_at, j.organization_id`,
  );
  return rows.map((row) => ({
    organizationId: row.organization_id,
    name: row.name,
    kind: row.kind,
    startedAt: row.started_at.toISOString(),
    stepsDone: row.steps_done,
    stepsTotal: row.steps_total,
  }));
}

/** "status = 'deploying' AND kind = 'deployment' OR …": a job whose failure the status hides (schema's failedJobOf). */
const WAITED_ON_JOB = Object.entries(JOB_OF_STATUS)
  .map(([status, kind]) => `(o.status = '${status}' AND j.kind = '${kind}')`)
  .join(' OR ');

/** Jobs that failed and still hold their organization back, newest failure first, with the failed step. */
async function jobsFailed(db: Queryable) {
  const { rows } = await db.query<{
    organization_id: string;
    name: string;
    kind: JobKind;
    failed_at: Date | null;
    step: { name: string; message?: string } | null;
  }>(
    `SELECT j.organization_id, o.name, j.kind, j.completed_at AS failed_at,
            (SELECT step FROM jsonb_array_elements(j.steps) AS step WHERE step->>'status' = 'failed' LIMIT 1) AS step
       FROM organization_jobs j JOIN organizations o ON o.id = j.organization_id
      WHERE j.status = 'failed' AND (${WAITED_ON_JOB})
      ORDER BY j.completed_at DESC NULLS LAST, j.organization_id`,
  );
  return rows.map((row) => ({
    organizationId: row.organization_id,
    name: row.name,
    kind: row.kind,
    failedAt: row.failed_at?.toISOString() ?? null,
    step: row.step?.name ?? null,
    reason: row.step?.message ?? null,
  }));
}

async function totals(db: Queryable) {
  const { rows } = await db.query<{ organizations: number; users: number; activeUsers: number }>(
    `SELECT (SELECT count(*) FROM organizations)::int AS organizations,
            count(*)::int AS users, count(*) FILTER (WHERE active)::int AS "activeUsers" FROM users`,
  );
  return rows[0]!;
}

export async function analyticsRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/analytics/summary',
    {
      schema: {
        operationId: 'getAnalyticsSummary',
        tags: ['analytics'],
        summary: 'Platform usage for operators, in one call',
        querystring: analyticsQuery,
        response: responses({ 200: analyticsSummaryBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'analyticsSummary');
      // Jobs in progress are shown as they stand now, not as the last sweep left them.
      await db.transaction((tx) => refreshJobs(tx));
      const now = new Date();
      const [bySegment, byRole, licenses, expiring, jobs, failed, counts] = await Promise.all([
        organizationsBySegment(db),
        usersByRole(db),
        licenseUse(db),
        credentialsExpiringSoon(db, now, request.query.expiringLimit),
        jobsInProgress(db),
        jobsFailed(db),
        totals(db),
      ]);
      return {
        organizationsBySegment: bySegment,
        usersByRole: byRole,
        licenseUse: licenses,
        credentialsExpiringSoon: expiring,
        jobsInProgress: jobs,
        jobsFailed: failed,
        totals: counts,
        generatedAt: now.toISOString(),
      };
    },
  );
}
