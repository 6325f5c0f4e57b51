import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobKind } from '@meridian/schema';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import {
  JOB_STEPS,
  MIN_SWEEP_INTERVAL_MS,
  NO_DOMAIN_MESSAGE,
  jobStatuses,
  jobView,
  loadJobs,
  refreshJobs,
  startJob,
  startJobSweeper,
} from './jobs.js';
import type { JobRow } from '../stores/jobs.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const STEP = 1000;
const T0 = new Date('2026-11-21T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

async function insertOrganization(id: string, status: string, domain: string[] = [`${id}.test`]) {
  await platform.db.query(
    `INSERT INTO organizations (id, name, status, active, domain, licenses, customer_segment)
     VALUES ($1, $1, $2, $3, $4, '{"user_limit":20,"tableau_user_licenses":{"explorer_count":0,"viewer_count":0},"products":{}}', 'employer')`,
    [id, status, status !== 'created', domain],
  );
}

const job = async (organizationId: string, kind: JobKind): Promise<JobRow> =>
  (await loadJobs(platform.db, organizationId))[kind]!;
const statuses = (row: JobRow) => row.steps.map((step) => step.status);

describe('refreshJobs', () => {
  it('advances the steps with the clock and completes the job', async () => {
    await insertOrganization('job-onboard', 'onboarding');
    await startJob(platform.db, 'job-onboard', 'onboarding', STEP, T0);
    expect(statuses(await job('job-onboard', 'onboarding'))).toEqual(['in_progress', 'pending', 'pending', 'pending']);

    await refreshJobs(platform.db, 'job-onboard', at(1.5 * STEP));
    let row = await job('job-onboard', 'onboarding');
    expect(row.status).toBe('in_progress');
    expect(statuses(row)).toEqual(['completed', 'in_progress', 'pending', 'pending']);

    await refreshJobs(platform.db, 'job-onboard', at(4 * STEP));
    row = await job('job-onboard', 'onboarding');
    expect(row.status).toBe('completed');
    expect(row.completed_at).toEqual(at(4 * STEP));
    expect(statuses(row)).toEqual(['completed', 'completed', 'completed', 'completed']);
    // Onboarding leaves the status for the next move (deployment).
    const { rows } = await platform.db.query<{ status: string }>(
      `SELECT status FROM organizations WHERE id = 'job-onboard'`,
    );
    expect(rows[0]!.status).toBe('onboarding');
  });

  it('fails the deployment at Configure sign-in when the organization has no domain, and restarts fresh', async () => {
    await insertOrganization('job-nodomain', 'deploying', []);
    await startJob(platform.db, 'job-nodomain', 'deployment', STEP, T0);
    await refreshJobs(platform.db, 'job-nodomain', at(0.5 * STEP));
    expect((await job('job-nodomain', 'deployment')).status).toBe('in_progress');

    await refreshJobs(platform.db, 'job-nodomain', at(10 * STEP));
    const failed = await job('job-nodomain', 'deployment');
    expect(failed.status).toBe('failed');
    expect(failed.completed_at).toEqual(at(STEP));
    expect(failed.steps).toEqual([
      { name: 'Configure sign-in', status: 'failed', message: NO_DOMAIN_MESSAGE },
      ...JOB_STEPS.deployment.slice(1).map((name) => ({ name, status: 'pending' })),
    ]);
    expect(jobStatuses(await loadJobs(platform.db, 'job-nodomain'))).toEqual({
      onboarding: 'not_started',
      deployment: 'failed',
      offboarding: 'not_started',
    });

    await startJob(platform.db, 'job-nodomain', 'deployment', STEP, at(20 * STEP));
    const restarted = await job('job-nodomain', 'deployment');
    expect(restarted).toMatchObject({ status: 'in_progress', completed_at: null, started_at: at(20 * STEP) });
    expect(statuses(restarted)).toEqual(['in_progress', 'pending', 'pending', 'pending']);
  });

  it('revokes credentials at the first offboarding step and offboards the organization at the end', async () => {
    await insertOrganization('job-offboard', 'offboarding');
    await platform.db.query(
      `INSERT INTO credentials (id, organization_id, secret_hash, created_by) VALUES ('cred-job-offboard', 'job-offboard', 'x', 'test')`,
    );
    await startJob(platform.db, 'job-offboard', 'offboarding', STEP, T0);
    const state = async () =>
      (
        await platform.db.query<{ status: string; active: boolean; credential_enabled: boolean }>(
          `SELECT o.status, o.active, c.credential_enabled FROM organizations o JOIN credentials c ON c.organization_id = o.id
            WHERE o.id = 'job-offboard'`,
        )
      ).rows[0];

    await refreshJobs(platform.db, 'job-offboard', at(1.2 * STEP));
    expect(await state()).toEqual({ status: 'offboarding', active: true, credential_enabled: false });
    await refreshJobs(platform.db, 'job-offboard', at(3 * STEP));
    expect(await state()).toEqual({ status: 'offboarded', active: false, credential_enabled: false });
    expect((await job('job-offboard', 'offboarding')).status).toBe('completed');
    const acme = await platform.db.query<{ credential_enabled: boolean }>(
      `SELECT credential_enabled FROM credentials WHERE id = 'cred-user-acme'`,
    );
    expect(acme.rows[0]!.credential_enabled).toBe(true);
  });

  it('advances every organization when no id is given, and only the one named otherwise', async () => {
    await insertOrganization('job-all-a', 'onboarding');
    await insertOrganization('job-all-b', 'onboarding');
    await startJob(platform.db, 'job-all-a', 'onboarding', STEP, T0);
    await startJob(platform.db, 'job-all-b', 'onboarding', STEP, T0);
    await refreshJobs(platform.db, 'job-all-a', at(2.5 * STEP));
    expect(statuses(await job('job-all-b', 'onboarding'))[0]).toBe('in_progress');
    await platform.db.transaction((tx) => refreshJobs(tx, undefined, at(2.5 * STEP)));
    expect(statuses(await job('job-all-b', 'onboarding'))).toEqual([
      'completed',
      'completed',
      'in_progress',
      'pending',
    ]);
  });
});

describe('jobView', () => {
  it('answers not_started without a row, with the steps to come when the kind is known', () => {
    expect(jobView(undefined)).toEqual({
      status: 'not_started',
      startedAt: null,
      completedAt: null,
      steps: [],
      attempts: 0,
    });
    expect(jobView(undefined, 'offboarding').steps).toEqual([
      { name: 'Revoke credentials', status: 'pending' },
      { name: 'Archive data', status: 'pending' },
      { name: 'Remove BI portal', status: 'pending' },
    ]);
  });

  it('answers a row with ISO times', async () => {
    const view = jobView(await job('job-onboard', 'onboarding'));
    expect(view).toMatchObject({
      status: 'completed',
      startedAt: T0.toISOString(),
      completedAt: at(4 * STEP).toISOString(),
    });
  });
});

describe('startJobSweeper', () => {
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('The sweeper did not finish the job');
  };

  it('finishes jobs nobody looks at, and does nothing once stopped', async () => {
    await insertOrganization('job-swept', 'offboarding');
    await startJob(platform.db, 'job-swept', 'offboarding', 20);
    const stop = startJobSweeper(platform.db, { jobStepMs: 20 });
    try {
      await waitFor(async () => (await job('job-swept', 'offboarding')).status === 'completed');
    } finally {
      await stop();
    }
    const { rows } = await platform.db.query<{ status: string }>(
      `SELECT status FROM organizations WHERE id = 'job-swept'`,
    );
    expect(rows[0]!.status).toBe('offboarded');

    // Stopped: a job already due stays as it is through several sweep intervals.
    await insertOrganization('job-unswept', 'onboarding');
    await startJob(platform.db, 'job-unswept', 'onboarding', 20, new Date(Date.now() - 60_000));
    await new Promise((resolve) => setTimeout(resolve, 3 * MIN_SWEEP_INTERVAL_MS));
    expect((await job('job-unswept', 'onboarding')).status).toBe('in_progress');
  });
});
