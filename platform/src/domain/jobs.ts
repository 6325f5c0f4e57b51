import { JOB_KINDS, OFFBOARDING_REASON, type JobKind, type JobStatus, type JobStatuses } from '@meridian/schema';
import type { PlatformConfig } from '../config.js';
import type { Database, Queryable } from '../db/database.js';
import {
  latestActorOf,
  lockOrganizationsWithRunningJobs,
  markOrganizationOffboarded,
  selectJobs,
  selectRunningJobs,
  updateJobProgress,
  upsertStartedJob,
  type JobRow,
  type JobStep,
} from '../stores/jobs.js';
import { recordAuditEvent, type AuditAction, type AuditActor, type AuditSource } from './audit.js';
import { disableCredentialsOf } from './credential-records.js';
import { logFailure } from '../observability/error-log.js';

/**
 * The lifecycle's background jobs (decisions.md "Organization lifecycle"). A job is a row of
 * organization_jobs; its progress is computed from started_at and the clock and written back by
 * refreshJobs, which requests call before they read or move a job and the sweeper calls on an interval.
 */
export const JOB_STEPS: Readonly<Record<JobKind, readonly string[]>> = {
  onboarding: [
    'Create tenant workspace',
    'Provision data warehouse schema',
    'Load reference data',
    'Verify primary contact',
  ],
  deployment: ['Configure sign-in', 'Deploy BI portal', 'Grant data access', 'Run smoke tests'],
  offboarding: ['Revoke credentials', 'Archive data', 'Remove BI portal'],
};

export interface JobView {
  status: JobStatus;
  startedAt: string | null;
  /** When the job completed or failed. */
  completedAt: string | null;
  steps: JobStep[];
  /** This run's attempt: 1 for a first run, 2 for the first retry after a failure; 0 before any run. */
  attempts: number;
}

export type OrganizationJobs = Partial<Record<JobKind, JobRow>>;

export const NO_DOMAIN_MESSAGE =
  'Sign-in cannot be configured because the organization has no domain. Add a domain, then start the deployment again.';

/** Steps that can fail: the reason, or null when the organization is ready for the step. */
const STEP_CHECKS: Readonly<Record<string, (organization: { domain: string[] }) => string | null>> = {
  'Configure sign-in': (organization) => (organization.domain.length === 0 ? NO_DOMAIN_MESSAGE : null),
};

/**
 * What a step does to the organization when it completes, in the name of whoever started the job.
 * Offboarding's move already disabled every credential (domain/organization-access.ts) and none is
 * made while the organization is not active, so "Revoke credentials" finds nothing left: it only makes
 * sure, recording what it disables, and is safe to run again.
 */
const STEP_EFFECTS: Readonly<
  Record<string, (tx: Queryable, source: AuditSource, organizationId: string) => Promise<unknown>>
> = {
  'Revoke credentials': (tx, source, organizationId) =>
    disableCredentialsOf(tx, source, organizationId, { reason: OFFBOARDING_REASON }),
};

/** What a completed job does to the organization; onboarding and deployment leave the status for the next move. */
const COMPLETION_EFFECTS: Partial<Record<JobKind, (tx: Queryable, organizationId: string) => Promise<void>>> = {
  offboarding: markOrganizationOffboarded,
};

/** The audit action that starts each job: its latest event names who started the job. */
const START_ACTIONS: Readonly<Record<JobKind, AuditAction>> = {
  onboarding: 'organization.onboard',
  deployment: 'organization.deploy',
  offboarding: 'organization.offboard',
};

/** Who a failure is recorded for when no start event is found (a job written outside the API). */
export const PLATFORM_ACTOR: AuditActor = { id: 'platform', kind: 'client', role: null, organizationId: null };

/** Whoever started the organization's latest job of this kind, from the trail. */
async function jobStarter(tx: Queryable, organizationId: string, kind: JobKind): Promise<AuditActor> {
  const row = await latestActorOf(tx, organizationId, START_ACTIONS[kind]);
  if (!row) return PLATFORM_ACTOR;
  // The trail's CHECK constraint keeps actor_role one of the roles.
  const role = row.actor_role as AuditActor['role'];
  return { id: row.actor, kind: row.actor_kind, role, organizationId: row.actor_organization_id };
}

/** What a job's events and effects are recorded as: whoever started it, from no request. */
async function jobSource(tx: Queryable, job: JobRow): Promise<AuditSource> {
  return { actor: await jobStarter(tx, job.organization_id, job.kind), origin: { requestId: null, clientIp: null } };
}

/**
 * A job's progress in the audit trail (Activity shows it beside the move that started it), in the name
 * of whoever started the job: each step once when it completes, and the failure once, with the step
 * and the reason. Written in the transaction that moves the job, so however many replicas sweep, a
 * step is recorded once.
 */
async function recordJobProgress(tx: Queryable, job: JobRow, step: JobStep): Promise<void> {
  const failed = step.status === 'failed';
  await recordAuditEvent(tx, await jobSource(tx, job), {
    action: failed ? 'organization.job-failed' : 'organization.job-step',
    organizationId: job.organization_id,
    target: { type: 'organization', id: job.organization_id },
    details: failed
      ? { job: job.kind, step: step.name, reason: step.message ?? null }
      : { job: job.kind, step: step.name },
  });
}

function freshSteps(kind: JobKind): JobStep[] {
  return JOB_STEPS[kind].map((name, index) => ({ name, status: index === 0 ? 'in_progress' : 'pending' }));
}

type RunningJob = JobRow & { domain: string[] };

/** Moves one running job to where the clock says it is, running each newly finished step's check and effect. */
async function advanceJob(tx: Queryable, job: RunningJob, now: Date): Promise<void> {
  const stepEnd = (index: number) => new Date(job.started_at.getTime() + (index + 1) * job.step_ms);
  const due = Math.floor((now.getTime() - job.started_at.getTime()) / job.step_ms);
  let status: JobRow['status'] = 'in_progress';
  let endedAt: Date | null = null;
  const steps: JobStep[] = [];
  for (const [index, step] of job.steps.entries()) {
    if (status === 'failed') steps.push({ name: step.name, status: 'pending' });
    else if (step.status === 'completed') steps.push(step);
    else if (index >= due) steps.push({ name: step.name, status: index === due ? 'in_progress' : 'pending' });
    else {
      const failure = STEP_CHECKS[step.name]?.(job) ?? null;
      if (failure !== null) {
        steps.push({ name: step.name, status: 'failed', message: failure });
        status = 'failed';
        endedAt = stepEnd(index);
      } else {
        const effect = STEP_EFFECTS[step.name];
        if (effect) await effect(tx, await jobSource(tx, job), job.organization_id);
        steps.push({ name: step.name, status: 'completed' });
      }
    }
  }
  if (status !== 'failed' && steps.every((step) => step.status === 'completed')) {
    status = 'completed';
    endedAt = stepEnd(steps.length - 1);
    await COMPLETION_EFFECTS[job.kind]?.(tx, job.organization_id);
  }
  if (status === job.status && JSON.stringify(steps) === JSON.stringify(job.steps)) return;
  for (const [index, step] of steps.entries()) {
    const was = job.steps[index]?.status;
    if ((step.status === 'completed' || step.status === 'failed') && was !== step.status)
      await recordJobProgress(tx, job, step);
  }
  await updateJobProgress(tx, {
    organization_id: job.organization_id,
    kind: job.kind,
    status,
    completed_at: endedAt,
    steps,
  });
}

/**
 * Advances the running jobs of one organization, or of all when no id is given. Organizations are
 * locked before their jobs, the order every lifecycle move uses, so a sweep and a move never deadlock;
 * a sweep skips organizations a request holds (that request refreshes them itself).
 */
export async function refreshJobs(tx: Queryable, organizationId?: string, now: Date = new Date()): Promise<void> {
  const organizations = await lockOrganizationsWithRunningJobs(tx, organizationId);
  if (organizations.length === 0) return;
  const domains = new Map(organizations.map((organization) => [organization.id, organization.domain]));
  const jobs = await selectRunningJobs(tx, [...domains.keys()]);
  for (const job of jobs) await advanceJob(tx, { ...job, domain: domains.get(job.organization_id)! }, now);
}

/** Starts (or restarts) a job: in progress from now, every step fresh. */
export async function startJob(
  tx: Queryable,
  organizationId: string,
  kind: JobKind,
  stepMs: number,
  now: Date = new Date(),
): Promise<void> {
  await upsertStartedJob(tx, {
    organizationId,
    kind,
    startedAt: now,
    steps: freshSteps(kind),
    stepMs: Math.max(1, Math.round(stepMs)),
  });
}

export async function loadJobs(db: Queryable, organizationId: string): Promise<OrganizationJobs> {
  const rows = await selectJobs(db, organizationId);
  return Object.fromEntries(rows.map((row) => [row.kind, row]));
}

/** The job statuses schema's canPerform reads. */
export function jobStatuses(jobs: OrganizationJobs): JobStatuses {
  return Object.fromEntries(JOB_KINDS.map((kind) => [kind, jobs[kind]?.status ?? 'not_started']));
}

/** A job as the REST API answers it; with `kind`, a job not yet started lists the steps it will take. */
export function jobView(row: JobRow | undefined, kind?: JobKind): JobView {
  if (!row) {
    const steps = kind ? JOB_STEPS[kind].map((name): JobStep => ({ name, status: 'pending' })) : [];
    return { status: 'not_started', startedAt: null, completedAt: null, steps, attempts: 0 };
  }
  return {
    status: row.status,
    startedAt: row.started_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    steps: row.steps,
    attempts: row.attempts,
  };
}

export function jobsView(jobs: OrganizationJobs): Record<JobKind, JobView> {
  return Object.fromEntries(JOB_KINDS.map((kind) => [kind, jobView(jobs[kind], kind)])) as Record<JobKind, JobView>;
}

export const MIN_SWEEP_INTERVAL_MS = 200;

/**
 * Refreshes every running job on an interval (about one step, at least 200 ms), so jobs finish and
 * their effects happen even when nobody is looking. A sweep never overlaps the previous one. The
 * returned function stops it; its promise settles once a sweep under way has finished (await it
 * before closing the database).
 */
export function startJobSweeper(db: Database, config: Pick<PlatformConfig, 'jobStepMs'>): () => Promise<void> {
  let current: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (stopped || current) return;
    current = db
      .transaction((tx) => refreshJobs(tx))
      .catch((error: unknown) => logFailure('Refreshing organization jobs failed', error))
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(sweep, Math.max(config.jobStepMs, MIN_SWEEP_INTERVAL_MS));
  // The sweeper alone must not keep the process alive.
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
