import type { JobKind, JobStatus } from '@meridian/schema';
import type { Queryable } from '../db/database.js';

// The lifecycle's job rows (organization_jobs) and the writes a job's completion makes to its organization.

export type StepStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

export interface JobStep {
  name: string;
  status: StepStatus;
  /** Why a failed step failed, in words an operator can act on. */
  message?: string;
}

export interface JobRow {
  organization_id: string;
  kind: JobKind;
  status: Exclude<JobStatus, 'not_started'>;
  started_at: Date;
  completed_at: Date | null;
  steps: JobStep[];
  step_ms: number;
  /** Runs in a row without completing: 1, then one more for each retry after a failure (migration 011). */
  attempts: number;
}

/** A finished offboarding: the organization is offboarded and inactive (unless a move changed it since). */
export async function markOrganizationOffboarded(tx: Queryable, organizationId: string): Promise<void> {
  await tx.query(
    `UPDATE organizations SET status = 'offboarded', active = false, updated_at = now() WHERE id = $1 AND status = 'offboarding'`,
    [organizationId],
  );
}

/** Who the latest event of `action` on the organization was by (the trail's actor columns), if any. */
export async function latestActorOf(tx: Queryable, organizationId: string, action: string) {
  const { rows } = await tx.query<{
    actor: string;
    actor_kind: 'user' | 'client' | 'anonymous';
    actor_role: string | null;
    actor_organization_id: string | null;
  }>(
    `SELECT actor, actor_kind, actor_role, actor_organization_id FROM audit_events
      WHERE organization_id = $1 AND action = $2 ORDER BY occurred_at DESC, id DESC LIMIT 1`,
    [organizationId, action],
  );
  return rows[0];
}

export async function updateJobProgress(
  tx: Queryable,
  job: Pick<JobRow, 'organization_id' | 'kind' | 'status' | 'completed_at' | 'steps'>,
): Promise<void> {
  await tx.query(
    `UPDATE organization_jobs SET status = $3, completed_at = $4, steps = $5::text::jsonb WHERE organization_id = $1 AND kind = $2`,
    [job.organization_id, job.kind, job.status, job.completed_at, JSON.stringify(job.steps)],
  );
}

/**
 * Organizations with a job in progress (one, or all when no id is given), locked in id order: the order
 * every lifecycle move locks in. Without an id, organizations a request holds are skipped.
 */
export async function lockOrganizationsWithRunningJobs(
  tx: Queryable,
  organizationId?: string,
): Promise<{ id: string; domain: string[] }[]> {
  const params: unknown[] = [];
  let onlyOne = '';
  if (organizationId !== undefined) {
    params.push(organizationId);
    onlyOne = 'AND o.id = $1';
  }
  const { rows } = await tx.query<{ id: string; domain: string[] }>(
    `SELECT o.id, o.domain FROM organizations o
      WHERE EXISTS (SELECT 1 FROM organization_jobs j WHERE j.organization_id = o.id AND j.status = 'in_progress') ${onlyOne}
      ORDER BY o.id FOR UPDATE OF o${organizationId === undefined ? ' SKIP LOCKED' : ''}`,
    params,
  );
  return rows;
}

export async function selectRunningJobs(tx: Queryable, organizationIds: string[]): Promise<JobRow[]> {
  const { rows } = await tx.query<JobRow>(
    `SELECT * FROM organization_jobs WHERE status = 'in_progress' AND organization_id = ANY($1) ORDER BY organization_id, kind`,
    [organizationIds],
  );
  return rows;
}

/** Writes a job as started (or restarted) at `startedAt` with `steps` fresh. */
export async function upsertStartedJob(
  tx: Queryable,
  job: { organizationId: string; kind: JobKind; startedAt: Date; steps: JobStep[]; stepMs: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO organization_jobs (organization_id, kind, status, started_at, completed_at, steps, step_ms)
     VALUES ($1, $2, 'in_progress', $3, NULL, $4::text::jsonb, $5)
     ON CONFLICT (organization_id, kind) DO UPDATE
       SET status = 'in_progress', started_at = EXCLUDED.started_at, completed_at = NULL, steps = EXCLUDED.steps, step_ms = EXCLUDED.step_ms,
           attempts = CASE WHEN organization_jobs.status = 'failed' THEN organization_jobs.attempts + 1 ELSE 1 END`,
    [job.organizationId, job.kind, job.startedAt, JSON.stringify(job.steps), job.stepMs],
  );
}

export async function selectJobs(db: Queryable, organizationId: string): Promise<JobRow[]> {
  return (await db.query<JobRow>('SELECT * FROM organization_jobs WHERE organization_id = $1', [organizationId])).rows;
}
