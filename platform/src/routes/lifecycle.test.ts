import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleRefusal, type JobKind, type LifecycleAction, type OrganizationStatus } from '@meridian/schema';
import { JOB_STEPS, NO_DOMAIN_MESSAGE, type JobView } from '../domain/jobs.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const ADMIN = 'admin@meridian.test';

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, email = ADMIN, payload?: object) =>
  platform.rest.inject({ method, url, headers: await platform.auth(email), ...(payload && { payload }) });

const MOVES: Record<LifecycleAction, { path: string; payload?: object }> = {
  onboard: { path: 'onboarding' },
  deploy: { path: 'deployment' },
  offboard: { path: 'offboarding' },
  activate: { path: 'activation', payload: { active: true } },
  switchSegment: { path: 'segment-switch', payload: { customer_segment: 'health-plan', medicare_licensed: true } },
};

const perform = (organizationId: string, action: LifecycleAction, email = ADMIN) =>
  call('POST', `/organization/${organizationId}/${MOVES[action].path}`, email, MOVES[action].payload);

/** Asserts the move is refused with the state machine's exact words, and changes nothing. */
async function expectRefused(organizationId: string, action: LifecycleAction, status: OrganizationStatus) {
  const response = await perform(organizationId, action);
  expect(response.statusCode, `${action} from ${status}`).toBe(409);
  expect(response.json()).toEqual({ conflicts: [{ message: lifecycleRefusal(action, status) }] });
  expect((await call('GET', `/organization/${organizationId}`)).json().status).toBe(status);
}

const JOB_PATH: Record<JobKind, string> = {
  onboarding: 'onboarding',
  deployment: 'deployment',
  offboarding: 'offboarding',
};

/** Polls the job's GET route until it is no longer in progress (bounded). */
async function settled(organizationId: string, kind: JobKind): Promise<JobView> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const job = (await call('GET', `/organization/${organizationId}/${JOB_PATH[kind]}`)).json<JobView>();
    if (job.status !== 'in_progress') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The ${kind} job of ${organizationId} did not finish`);
}

/** Holds a running job at its first step (steps of an hour), so moves during it can be tried. */
const hold = (organizationId: string, kind: JobKind) =>
  platform.db.query(`UPDATE organization_jobs SET step_ms = 3600000 WHERE organization_id = $1 AND kind = $2`, [
    organizationId,
    kind,
  ]);
/** Lets a held job run at the test speed again; its start time has long passed, so it finishes at the next look. */
const release = (organizationId: string, kind: JobKind) =>
  platform.db.query(`UPDATE organization_jobs SET step_ms = $3 WHERE organization_id = $1 AND kind = $2`, [
    organizationId,
    kind,
    platform.config.jobStepMs,
  ]);

async function createOrganization(id: string) {
  const response = await call('POST', '/organization', ADMIN, {
    id,
    name: `Org ${id}`,
    domain: [`${id}.test`],
    primaryContact: { name: 'Pat', email: `pat@${id}.test` },
    customer_segment: 'employer',
    medicare_licensed: false,
  });
  expect(response.statusCode).toBe(201);
}

describe('the lifecycle walked through the REST API', () => {
  const id = 'wayne';

  it('starts created, with nothing started and every other move refused', async () => {
    await createOrganization(id);
    const onboarding = (await call('GET', `/organization/${id}/onboarding`)).json();
    expect(onboarding).toEqual({
      status: 'not_started',
      startedAt: null,
      completedAt: null,
      steps: JOB_STEPS.onboarding.map((name) => ({ name, status: 'pending' })),
      attempts: 0,
    });
    for (const action of ['deploy', 'activate', 'offboard', 'switchSegment'] as const)
      await expectRefused(id, action, 'created');
  });

  it('onboards: the job runs its steps, and deployment waits for it', async () => {
    const started = await perform(id, 'onboard');
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({ id, status: 'onboarding', active: false });
    expect(body.jobs.onboarding.status).toBe('in_progress');
    expect(body.jobs.onboarding.steps[0]).toEqual({ name: 'Create tenant workspace', status: 'in_progress' });
    expect(body.jobs.deployment.status).toBe('not_started');

    await hold(id, 'onboarding');
    for (const action of ['onboard', 'deploy', 'activate', 'offboard', 'switchSegment'] as const)
      await expectRefused(id, action, 'onboarding');
    await release(id, 'onboarding');

    const done = await settled(id, 'onboarding');
    expect(done.status).toBe('completed');
    expect(done.steps).toEqual(JOB_STEPS.onboarding.map((name) => ({ name, status: 'completed' })));
    // It completed when its last step was due: four steps after it started.
    expect(Date.parse(done.completedAt!) - Date.parse(done.startedAt!)).toBe(4 * platform.config.jobStepMs);
    // A completed onboarding leaves the status for the next move, and cannot run twice.
    await expectRefused(id, 'onboard', 'onboarding');
    await expectRefused(id, 'activate', 'onboarding');
  });

  it('deploys once onboarding has completed, then activates', async () => {
    const started = await perform(id, 'deploy');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'deploying',
      jobs: { onboarding: { status: 'completed' }, deployment: { status: 'in_progress' } },
    });

    await hold(id, 'deployment');
    for (const action of ['onboard', 'deploy', 'activate', 'offboard', 'switchSegment'] as const)
      await expectRefused(id, action, 'deploying');
    await release(id, 'deployment');
    expect((await settled(id, 'deployment')).status).toBe('completed');
    await expectRefused(id, 'deploy', 'deploying');

    const activated = await perform(id, 'activate');
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active', active: true });
    for (const action of ['onboard', 'deploy', 'activate'] as const) await expectRefused(id, action, 'active');
  });

  it('refuses activation with anything but active true', async () => {
    const response = await call('POST', `/organization/${id}/activation`, ADMIN, { active: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].param).toBe('active');
  });

  it('switches the segment of an active organization, merging licenses', async () => {
    const response = await call('POST', `/organization/${id}/segment-switch`, ADMIN, {
      customer_segment: 'life-sciences',
      medicare_licensed: true,
      licenses: { user_limit: 30, products: { claims_data: { enabled: true } } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'active',
      customer_segment: 'life-sciences',
      medicare_licensed: true,
      licenses: {
        user_limit: 30,
        tableau_user_licenses: { explorer_count: 0, viewer_count: 0 },
        products: { claims_data: { enabled: true } },
      },
    });
    // Without licenses, the stored ones stay.
    const again = await call('POST', `/organization/${id}/segment-switch`, ADMIN, {
      customer_segment: 'employer',
      medicare_licensed: false,
    });
    expect(again.json()).toMatchObject({ customer_segment: 'employer', licenses: { user_limit: 30 } });
  });

  it('validates a segment switch like PUT /licenses', async () => {
    const post = (payload: object) => call('POST', `/organization/${id}/segment-switch`, ADMIN, payload);
    const unknownSegment = await post({ customer_segment: 'pirates', medicare_licensed: false });
    expect(unknownSegment.statusCode).toBe(400);
    expect(unknownSegment.json().details).toEqual([
      { param: 'customer_segment', msg: 'Customer segment pirates does not exist.' },
    ]);
    const usageKey = await post({
      customer_segment: 'employer',
      medicare_licensed: false,
      licenses: { active_users: 1 },
    });
    expect(usageKey.json().details).toEqual([{ param: 'licenses.active_users', msg: 'This field is not allowed' }]);
    const unknownProduct = await post({
      customer_segment: 'employer',
      medicare_licensed: false,
      licenses: { products: { nope: { enabled: true } } },
    });
    expect(unknownProduct.json().details).toEqual([
      { param: 'licenses.products.nope', msg: 'Product nope is not in the catalog.' },
    ]);
    expect((await call('GET', `/organization/${id}`)).json().customer_segment).toBe('employer');
  });

  it('offboards: credentials are revoked and the organization ends offboarded and inactive', async () => {
    await platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash) VALUES ('bruce@wayne.test', $1, 'Bruce', 'x')`,
      [id],
    );
    await platform.db.query(
      `INSERT INTO credentials (id, organization_id, user_email, secret_hash, created_by) VALUES
         ('cred-wayne-org', $1, NULL, 'x', 'admin@meridian.test'), ('cred-wayne-user', $1, 'bruce@wayne.test', 'x', 'bruce@wayne.test')`,
      [id],
    );
    const started = await perform(id, 'offboard');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'offboarding',
      active: true,
      jobs: { offboarding: { status: 'in_progress' } },
    });

    await hold(id, 'offboarding');
    for (const action of ['onboard', 'deploy', 'activate', 'offboard', 'switchSegment'] as const)
      await expectRefused(id, action, 'offboarding');
    await release(id, 'offboarding');

    const done = await settled(id, 'offboarding');
    expect(done.steps).toEqual(JOB_STEPS.offboarding.map((name) => ({ name, status: 'completed' })));
    expect((await call('GET', `/organization/${id}`)).json()).toMatchObject({ status: 'offboarded', active: false });
    const { rows } = await platform.db.query<{ id: string; credential_enabled: boolean }>(
      `SELECT id, credential_enabled FROM credentials WHERE organization_id = $1 ORDER BY id`,
      [id],
    );
    expect(rows).toEqual([
      { id: 'cred-wayne-org', credential_enabled: false },
      { id: 'cred-wayne-user', credential_enabled: false },
    ]);
    // Other organizations' credentials are untouched.
    const acme = await platform.db.query<{ credential_enabled: boolean }>(
      `SELECT credential_enabled FROM credentials WHERE id = 'cred-user-acme'`,
    );
    expect(acme.rows[0]!.credential_enabled).toBe(true);
  });

  it('reactivates an offboarded organization, and refuses the other moves', async () => {
    for (const action of ['onboard', 'deploy', 'offboard', 'switchSegment'] as const)
      await expectRefused(id, action, 'offboarded');
    const activated = await perform(id, 'activate');
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({
      status: 'active',
      active: true,
      jobs: { offboarding: { status: 'completed' } },
    });
    // Revoked credentials stay revoked: reactivation issues nobody a secret again.
    const { rows } = await platform.db.query(
      `SELECT 1 FROM credentials WHERE organization_id = $1 AND credential_enabled`,
      [id],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('a deployment that fails', () => {
  const id = 'stark';

  it('fails at Configure sign-in when the organization has no domain, and runs again once it has one', async () => {
    await createOrganization(id);
    expect((await perform(id, 'onboard')).statusCode).toBe(200);
    expect((await settled(id, 'onboarding')).status).toBe('completed');
    expect((await call('PUT', `/organization?organizationId=${id}`, ADMIN, { domain: [] })).statusCode).toBe(200);

    expect((await perform(id, 'deploy')).statusCode).toBe(200);
    const failed = await settled(id, 'deployment');
    expect(failed.status).toBe('failed');
    expect(failed.steps).toEqual([
      { name: 'Configure sign-in', status: 'failed', message: NO_DOMAIN_MESSAGE },
      { name: 'Deploy BI portal', status: 'pending' },
      { name: 'Grant data access', status: 'pending' },
      { name: 'Run smoke tests', status: 'pending' },
    ]);
    expect(failed.completedAt).not.toBeNull();
    expect(failed.attempts).toBe(1);
    await expectRefused(id, 'activate', 'deploying');

    // Each retry after a failure is one more attempt, so the console can say which one failed.
    expect((await perform(id, 'deploy')).json().jobs.deployment).toMatchObject({ status: 'in_progress', attempts: 2 });
    expect(await settled(id, 'deployment')).toMatchObject({ status: 'failed', attempts: 2 });

    expect(
      (await call('PUT', `/organization?organizationId=${id}`, ADMIN, { domain: [`${id}.test`] })).statusCode,
    ).toBe(200);
    const retried = await perform(id, 'deploy');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().jobs.deployment).toMatchObject({ status: 'in_progress', completedAt: null, attempts: 3 });
    expect(await settled(id, 'deployment')).toMatchObject({ status: 'completed', attempts: 3 });
    expect((await perform(id, 'activate')).json()).toMatchObject({ status: 'active', active: true });
  });
});

describe('a failed job is seen everywhere the organization shows', () => {
  const id = 'hammer';

  it('is recorded once in the audit trail, in the name of whoever started it, and listed by analytics', async () => {
    await createOrganization(id);
    expect((await perform(id, 'onboard')).statusCode).toBe(200);
    expect((await settled(id, 'onboarding')).status).toBe('completed');
    expect((await call('PUT', `/organization?organizationId=${id}`, ADMIN, { domain: [] })).statusCode).toBe(200);
    expect((await perform(id, 'deploy')).statusCode).toBe(200);
    expect((await settled(id, 'deployment')).status).toBe('failed');
    // Later reads refresh the jobs again; the failure must not be recorded twice.
    await settled(id, 'deployment');

    const steps = await call('GET', `/audit-events?organizationId=${id}&action=organization.job-step&first=100`);
    const stepEvents = steps.json().data as { actor: string; details: { job: string; step: string } }[];
    // Each completed step once (read after read refreshed the jobs), in the name of the job's starter.
    expect(stepEvents.map((event) => `${event.details.job}: ${event.details.step}`).sort()).toEqual(
      JOB_STEPS.onboarding.map((step) => `onboarding: ${step}`).sort(),
    );
    expect(new Set(stepEvents.map((event) => event.actor))).toEqual(new Set([ADMIN]));

    const events = await call('GET', `/audit-events?organizationId=${id}&action=organization.job-failed`);
    expect(events.statusCode).toBe(200);
    const failures = events.json().data as { actor: string; targetId: string; details: unknown }[];
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      actor: ADMIN,
      targetId: id,
      details: { job: 'deployment', step: 'Configure sign-in', reason: NO_DOMAIN_MESSAGE },
    });

    const summary = (await call('GET', '/analytics/summary')).json();
    expect(summary.jobsFailed).toContainEqual({
      organizationId: id,
      name: `Org ${id}`,
      kind: 'deployment',
      failedAt: expect.any(String),
      step: 'Configure sign-in',
      reason: NO_DOMAIN_MESSAGE,
    });
    expect(summary.jobsInProgress.map((job: { organizationId: string }) => job.organizationId)).not.toContain(id);
  });
});

describe('failed onboarding and offboarding jobs may be started again', () => {
  // Nothing in the platform makes these steps fail, so the test marks the jobs failed in the database.
  const fail = (organizationId: string, kind: JobKind) =>
    platform.db.query(
      `UPDATE organization_jobs SET status = 'failed', completed_at = now() WHERE organization_id = $1 AND kind = $2`,
      [organizationId, kind],
    );

  it('restarts a failed onboarding from onboarding', async () => {
    await createOrganization('oscorp');
    await perform('oscorp', 'onboard');
    await hold('oscorp', 'onboarding');
    await fail('oscorp', 'onboarding');
    await expectRefused('oscorp', 'deploy', 'onboarding');
    const restarted = await perform('oscorp', 'onboard');
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json().jobs.onboarding.status).toBe('in_progress');
  });

  it('restarts a failed offboarding from offboarding', async () => {
    await perform('globex', 'offboard');
    await hold('globex', 'offboarding');
    await fail('globex', 'offboarding');
    await expectRefused('globex', 'activate', 'offboarding');
    const restarted = await perform('globex', 'offboard');
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json()).toMatchObject({ status: 'offboarding', jobs: { offboarding: { status: 'in_progress' } } });
  });
});

describe('roles and tenant scope', () => {
  it('lets org admins and system viewers read their jobs, not org users or other tenants', async () => {
    expect((await call('GET', '/organization/acme/deployment', 'orgadmin@acme.test')).json()).toMatchObject({
      status: 'not_started',
    });
    expect((await call('GET', '/organization/acme/offboarding', 'viewer@meridian.test')).statusCode).toBe(200);
    expect((await call('GET', '/organization/acme/onboarding', 'user@acme.test')).statusCode).toBe(403);
    const other = await call('GET', '/organization/initech/onboarding', 'orgadmin@acme.test');
    expect(other.statusCode).toBe(403);
    // The same answer as for an organization that does not exist.
    expect((await call('GET', '/organization/no-such-org/onboarding', 'orgadmin@acme.test')).json()).toEqual(
      other.json(),
    );
    expect((await call('GET', '/organization/no-such-org/onboarding')).statusCode).toBe(404);
  });

  it('lets only system admins move the lifecycle', async () => {
    for (const email of ['orgadmin@acme.test', 'viewer@meridian.test', 'user@acme.test']) {
      for (const action of ['offboard', 'switchSegment', 'activate'] as const) {
        expect((await perform('acme', action, email)).statusCode, `${email} ${action}`).toBe(403);
      }
    }
    expect((await perform('initech', 'onboard', 'orgadmin@acme.test')).statusCode).toBe(403);
    expect((await call('GET', '/organization/acme')).json()).toMatchObject({
      status: 'active',
      customer_segment: 'provider-group',
    });
    expect((await perform('no-such-org', 'onboard')).statusCode).toBe(404);
  });

  it('accepts the empty body both with and without a JSON object', async () => {
    const bare = await platform.rest.inject({
      method: 'POST',
      url: '/organization/initech/onboarding',
      headers: await platform.auth(ADMIN),
    });
    expect(bare.statusCode).toBe(200);
    await hold('initech', 'onboarding');
    const withObject = await call('POST', '/organization/initech/onboarding', ADMIN, {});
    expect(withObject.json()).toEqual({ conflicts: [{ message: lifecycleRefusal('onboard', 'onboarding') }] });
  });
});
