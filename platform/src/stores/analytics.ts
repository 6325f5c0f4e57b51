import {
  CREDENTIAL_LIFETIME_DAYS,
  DAY_MS,
  JOB_OF_STATUS,
  credentialDaysToExpire,
  credentialExpiresAt,
  type JobKind,
  type OrganizationStatus,
  type Role,
} from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { page } from './sql.js';

// The figures of GET /analytics/summary: each counted by the database; only the grouped results travel.

export async function organizationsBySegment(db: Queryable) {
  const { rows } = await db.query<{ segment: string; status: OrganizationStatus; count: number }>(
    `SELECT customer_segment AS segment, status, count(*)::int AS count
       FROM organizations GROUP BY customer_segment, status ORDER BY customer_segment, status`,
  );
  return rows;
}

export async function usersByRole(db: Queryable) {
  const { rows } = await db.query<{ role: Role; active: boolean; count: number }>(
    'SELECT role, active, count(*)::int AS count FROM users GROUP BY role, active ORDER BY role, active DESC',
  );
  return rows;
}

/** Enabled credentials not yet expired that expire within `withinDays`, soonest first. */
export async function credentialsExpiringSoon(db: Queryable, now: Date, limit: number, withinDays: number) {
  // A lower bound on generated_at (no lifetime is longer) lets the partial index on generated_at serve;
  // the expiry itself depends on each credential's lifetime.
  const expires = "generated_at + lifetime_days * interval '1 day'";
  const window = [
    new Date(now.getTime() - CREDENTIAL_LIFETIME_DAYS * DAY_MS),
    now,
    new Date(now.getTime() + withinDays * DAY_MS),
  ];
  const where = `WHERE credential_enabled AND generated_at > $1 AND ${expires} > $2 AND ${expires} <= $3`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credentials ${where}`, window)).rows[0]!
    .n;
  const params: unknown[] = [...window];
  const { rows } = await db.query<{
    id: string;
    organization_id: string;
    user_email: string | null;
    generated_at: Date;
    lifetime_days: number;
  }>(
    `SELECT id, organization_id, user_email, generated_at, lifetime_days FROM credentials ${where}
      ORDER BY ${expires}, id${page({ limit, offset: 0 }, params)}`,
    params,
  );
  const data = rows.map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    userEmail: row.user_email,
    generatedAt: row.generated_at.toISOString(),
    expiresAt: credentialExpiresAt(row.generated_at, row.lifetime_days).toISOString(),
    daysToExpire: credentialDaysToExpire(row.generated_at, now, row.lifetime_days),
  }));
  return { data, total };
}

export async function jobsInProgress(db: Queryable) {
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
export async function jobsFailed(db: Queryable) {
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

export async function totals(db: Queryable) {
  const { rows } = await db.query<{ organizations: number; users: number; activeUsers: number }>(
    `SELECT (SELECT count(*) FROM organizations)::int AS organizations,
            count(*)::int AS users, count(*) FILTER (WHERE active)::int AS "activeUsers" FROM users`,
  );
  return rows[0]!;
}
