import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, operatorsOffboardingRefusal } from '@meridian/schema';
import type { RunningPlatform } from '../server.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { tokenMinter } from '../test-support/platform.js';
import {
  Browser,
  consoleRedirectUri,
  discoverConsole,
  openSignIn,
  signIn,
  startSignInPlatform,
  submitSignIn,
} from '../test-support/sign-in.js';

// Issue 39 §1: only an active organization's people work. Before activation and from the start of
// offboarding they are refused exactly as a deactivated user is (POST /login and the provider's form
// 403, a REST token 401, refresh and silent renewal refused, SCIM in its own shape, no new credential);
// offboarding ends their sessions and disables every credential of the organization and its people,
// each recorded; re-activation re-enables none. Operators work on the organization at every stage. On
// the real REST API and OpenID provider, with real sign-ins.

const ORG = { id: 'umbrella', name: 'Umbrella Care' };
const ADA = 'ada@umbrella.test';
const BOB = 'bob@umbrella.test';
const ADMIN = 'admin@meridian.test';

let platform: RunningPlatform;
let close: (() => Promise<void>) | undefined;
let oidc: client.Configuration;
let tokens: ReturnType<typeof tokenMinter>;

/** A REST call with `token` (an operator's unless given); answers the status and the JSON body. */
async function rest(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${platform.restUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token ?? (await tokens.user(ADMIN))}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const login = (email: string) =>
  fetch(`${platform.restUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: FIXTURE_PASSWORD }),
  });

/** The organization's status, through the REST API as an operator. */
const statusOf = async () => (await rest('GET', `/organization/${ORG.id}`)).body.status;

/** Waits until the organization's running job (if any) has finished, reading it as the sweeper would. */
async function settled(kind: 'onboarding' | 'deployment' | 'offboarding') {
  for (let attempt = 0; attempt < 200; attempt++) {
    const job = (await rest('GET', `/organization/${ORG.id}/${kind}`)).body;
    if (job.status !== 'in_progress') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The ${kind} of ${ORG.id} did not finish`);
}

async function move(path: string, body?: object) {
  const answer = await rest('POST', `/organization/${ORG.id}/${path}`, body ?? {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The organization's audit events of `action`, oldest first. */
async function eventsOf(action: string) {
  const { rows } = await platform.db.query<{
    actor: string;
    target_id: string;
    details: Record<string, unknown> | null;
    occurred_at: Date;
  }>(
    `SELECT actor, target_id, details, occurred_at FROM audit_events
      WHERE organization_id = $1 AND action = $2 ORDER BY id`,
    [ORG.id, action],
  );
  return rows;
}

/** The provider's sign-in form, submitted as a person does: the status and page it answers. */
async function formSignIn(email: string) {
  const browser = new Browser();
  const { response, landed } = await openSignIn(platform, oidc, browser);
  const done = await submitSignIn(platform, browser, await response.text(), landed, email, FIXTURE_PASSWORD);
  return { status: done.response.status, page: await done.response.text() };
}

const refreshOf = (refreshToken: string) => client.refreshTokenGrant(oidc, refreshToken);

/** Sets the running offboarding's step length: an hour holds it at its step, the test speed releases it. */
const holdOffboarding = (stepMs: number) =>
  platform.db.query(`UPDATE organization_jobs SET step_ms = $2 WHERE organization_id = $1 AND kind = 'offboarding'`, [
    ORG.id,
    stepMs,
  ]);

beforeAll(async () => {
  // Steps of 300 ms: the offboarding is held at its first step below, before the sweeper can finish it.
  ({ platform, close } = await startSignInPlatform('org-access', { config: { jobStepMs: 300 } }));
  oidc = await discoverConsole(platform);
  tokens = tokenMinter(platform.keys, platform.config);
  const created = await rest('POST', '/organization', {
    id: ORG.id,
    name: ORG.name,
    domain: ['umbrella.test'],
    primaryContact: { name: 'Pat Contact', email: 'pat@umbrella.test' },
    customer_segment: 'employer',
    medicare_licensed: false,
  });
  expect(created.status).toBe(201);
  for (const [email, role] of [
    [ADA, 'orgAdmin'],
    [BOB, 'orgUser'],
  ] as const) {
    const user = await rest('POST', `/user?organizationId=${ORG.id}`, {
      email,
      name: email.split('@')[0],
      password: FIXTURE_PASSWORD,
      role,
      direct_data_access_enabled: true,
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
  }
});
afterAll(() => close?.());

describe('a person of an organization not yet activated', () => {
  it('is refused at POST /login with 403 in a deactivated user’s words, the attempt recorded with why', async () => {
    expect(await statusOf()).toBe('created');
    const response = await login(ADA);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: MESSAGES.inactiveUser });
    const [failed] = (await eventsOf('sign-in.failed')).slice(-1);
    expect(failed).toMatchObject({ target_id: ADA, details: { reason: 'organization-inactive' } });
  });

  it('is refused by the provider’s sign-in form in the same words', async () => {
    const { status, page } = await formSignIn(BOB);
    expect(status).toBe(403);
    expect(page).toContain(MESSAGES.inactiveUser);
  });

  it('is refused by the REST API with a token of theirs (401, the same words)', async () => {
    const answer = await rest('GET', `/user/email/${ADA}`, undefined, await tokens.user(ADA));
    expect(answer).toEqual({ status: 401, body: { message: MESSAGES.inactiveUser } });
  });

  it('gets no credential, nor does the organization, whoever asks', async () => {
    const forAda = await rest('POST', `/user/${ADA}/credential`, {});
    expect(forAda).toEqual({
      status: 409,
      body: { conflicts: [{ message: MESSAGES.credentialOrganizationInactive(ORG.name, 'created') }] },
    });
    const forOrganization = await rest('POST', `/organization/${ORG.id}/credential`, {});
    expect(forOrganization.status).toBe(409);
  });

  it('is not provisioned by the organization’s directory: SCIM answers 403 in its own error shape', async () => {
    const created = await rest('POST', `/organization/${ORG.id}/scim-tokens`, { label: 'Entra ID' });
    expect(created.status).toBe(201);
    const response = await fetch(`${platform.restUrl}/scim/v2/Users`, {
      headers: { authorization: `Bearer ${created.body.token as string}` },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(await response.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '403',
      detail: MESSAGES.scimOrganizationInactive(ORG.name, 'created'),
    });
  });

  it('leaves operators working on the organization: they read it, its people, and move it on', async () => {
    expect((await rest('GET', `/organization/${ORG.id}`)).status).toBe(200);
    expect((await rest('GET', `/user?organizationId=${ORG.id}`)).status).toBe(200);
    await move('onboarding');
    await settled('onboarding');
    // Still not active mid-way: its people are refused at every stage before activation.
    expect((await login(ADA)).status).toBe(403);
    await move('deployment');
    await settled('deployment');
    expect(await statusOf()).toBe('deploying');
    expect((await login(ADA)).status).toBe(403);
    await move('activation', { active: true });
    expect(await statusOf()).toBe('active');
  });
});

describe('offboarding an organization whose people are signed in', () => {
  let adaSessions: Awaited<ReturnType<typeof signIn>>[];
  let bob: Awaited<ReturnType<typeof signIn>>;
  let acme: Awaited<ReturnType<typeof signIn>>;
  let credentialIds: string[];
  let offboardedAt: number;

  beforeAll(async () => {
    // Active now: its people sign in (Ada twice), and credentials of the organization and of Ada exist.
    expect((await login(ADA)).status).toBe(200);
    adaSessions = [await signIn(platform, oidc, ADA), await signIn(platform, oidc, ADA)];
    bob = await signIn(platform, oidc, BOB);
    acme = await signIn(platform, oidc, 'user@acme.test');
    const ids: string[] = [];
    for (const path of [`/user/${ADA}/credential`, `/organization/${ORG.id}/credential`]) {
      const created = await rest('POST', path, { name: 'BI extract' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.id as string);
    }
    credentialIds = ids.sort();
  });

  it('says first what offboarding will end (for the offboard dialog), then the operator offboards', async () => {
    const access = await rest('GET', `/organization/${ORG.id}/access`);
    expect(access.body).toEqual({
      status: 'active',
      peopleMayWork: true,
      activeUsers: 2,
      signedInPeople: 2,
      sessions: 3,
      enabledCredentials: 2,
      scimTokens: 1,
    });
    offboardedAt = Date.now();
    await move('offboarding');
    // Held at its first step ("Revoke credentials"): whatever ends now, the move ended.
    await holdOffboarding(3_600_000);
  });

  it('refuses their tokens at once at the REST API, in a deactivated user’s words', async () => {
    for (const { tokens: own } of [...adaSessions, bob]) {
      const answer = await rest('GET', `/user/email/${BOB}`, undefined, own.access_token);
      expect(answer).toEqual({ status: 401, body: { message: MESSAGES.inactiveUser } });
    }
    // Another organization's person is untouched.
    expect((await rest('GET', '/user/email/user@acme.test', undefined, acme.tokens.access_token)).status).toBe(200);
  });

  it('ends every session of its people in the move: the gateways’ feed names them, each end recorded', async () => {
    const feed = (await fetch(`${platform.restUrl}/session-revocations?after=0`).then((r) => r.json())) as {
      sids: string[];
    };
    for (const { tokens: own } of [...adaSessions, bob]) {
      const sid = JSON.parse(Buffer.from(own.access_token.split('.')[1]!, 'base64url').toString()).sid as string;
      expect(feed.sids).toContain(sid);
    }
    const [offboard] = await eventsOf('organization.offboard');
    expect(offboard!.details).toEqual({
      ended: { signedOutPeople: 2, sessions: 3, credentials: 2, provisioning: 1 },
    });
    const ended = await eventsOf('session.revoke');
    expect(ended.map((event) => [event.actor, event.target_id, event.details])).toEqual([
      [ADMIN, ADA, { count: 2, reason: 'offboarding' }],
      [ADMIN, BOB, { count: 1, reason: 'offboarding' }],
    ]);
    // Recorded in the move's own transaction (one timestamp), not later by the job.
    expect(ended.every((event) => event.occurred_at.getTime() === offboard!.occurred_at.getTime())).toBe(true);
  });

  it('refuses their refresh tokens at the provider, and a silent renewal asks for a sign-in', async () => {
    for (const { tokens: own } of [...adaSessions, bob])
      await expect(refreshOf(own.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const { response } = await openSignIn(platform, oidc, adaSessions[0]!.browser, { prompt: 'none' });
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(consoleRedirectUri(platform));
    expect(location.searchParams.get('error')).toBe('login_required');
    // Acme's person refreshes as before.
    await expect(refreshOf(acme.tokens.refresh_token!)).resolves.toMatchObject({ token_type: expect.any(String) });
  });

  it('disables every credential of the organization and of its people at once, each recorded', async () => {
    const { rows } = await platform.db.query<{ id: string; credential_enabled: boolean }>(
      `SELECT id, credential_enabled FROM credentials WHERE id = ANY($1) ORDER BY id`,
      [credentialIds],
    );
    expect(rows).toEqual(credentialIds.map((id) => ({ id, credential_enabled: false })));
    const [offboard] = await eventsOf('organization.offboard');
    const disabled = await eventsOf('credential.disable');
    expect(disabled.map((event) => [event.actor, event.target_id, event.details]).sort()).toEqual(
      credentialIds.map((id) => [ADMIN, id, { reason: 'offboarding' }]),
    );
    expect(disabled.every((event) => event.occurred_at.getTime() === offboard!.occurred_at.getTime())).toBe(true);
    const revoked = await eventsOf('scim-token.revoke');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]!.details).toMatchObject({ label: 'Entra ID', reason: 'offboarding' });
    // Acme's credential is untouched.
    const acmeCredential = await platform.db.query<{ credential_enabled: boolean }>(
      `SELECT credential_enabled FROM credentials WHERE id = 'cred-user-acme'`,
    );
    expect(acmeCredential.rows[0]!.credential_enabled).toBe(true);
  });

  it('refuses sign-in while offboarding and once offboarded; the job’s “Revoke credentials” finds nothing left', async () => {
    expect(await statusOf()).toBe('offboarding');
    expect((await eventsOf('organization.job-step')).map((event) => event.details?.job)).not.toContain('offboarding');
    expect((await login(ADA)).status).toBe(403);
    expect(await rest('POST', `/user/${ADA}/credential`, {})).toEqual({
      status: 409,
      body: { conflicts: [{ message: MESSAGES.credentialOrganizationInactive(ORG.name, 'offboarding') }] },
    });
    await holdOffboarding(platform.config.jobStepMs);
    const job = await settled('offboarding');
    expect(job.status).toBe('completed');
    expect(await statusOf()).toBe('offboarded');
    // The step ran (its event is there) and disabled nothing more: the move's two are all there are.
    expect((await eventsOf('organization.job-step')).map((event) => event.details?.step)).toContain(
      'Revoke credentials',
    );
    expect(await eventsOf('credential.disable')).toHaveLength(2);
    const response = await login(BOB);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: MESSAGES.inactiveUser });
    expect((await formSignIn(ADA)).status).toBe(403);
    expect(await rest('POST', `/organization/${ORG.id}/credential`, {})).toMatchObject({ status: 409 });
    console.info(`[org-access] offboarding to offboarded took ${Date.now() - offboardedAt} ms`);
  });

  it('leaves operators working on it, and re-activation lets its people in again but re-enables no credential', async () => {
    expect((await rest('GET', `/organization/${ORG.id}/access`)).body).toMatchObject({
      status: 'offboarded',
      peopleMayWork: false,
      signedInPeople: 0,
      sessions: 0,
      enabledCredentials: 0,
      scimTokens: 0,
    });
    expect((await rest('GET', `/user?organizationId=${ORG.id}`)).status).toBe(200);
    await move('activation', { active: true });
    expect((await login(ADA)).status).toBe(200);
    const { rows } = await platform.db.query(
      `SELECT 1 FROM credentials WHERE credential_enabled AND (organization_id = $1 OR user_email = ANY($2))`,
      [ORG.id, [ADA, BOB]],
    );
    expect(rows).toEqual([]);
    const tokensLeft = await platform.db.query(
      `SELECT 1 FROM scim_tokens WHERE organization_id = $1 AND revoked_at IS NULL`,
      [ORG.id],
    );
    expect(tokensLeft.rows).toEqual([]);
    // A new credential can be made now that it is active again.
    expect((await rest('POST', `/user/${ADA}/credential`, {})).status).toBe(201);
  });
});

describe('the operators’ own organization', () => {
  it('cannot be offboarded, in words, and its operators are never refused for an organization’s status', async () => {
    const answer = await rest('POST', '/organization/meridian/offboarding', {});
    expect(answer).toEqual({
      status: 409,
      body: { conflicts: [{ message: operatorsOffboardingRefusal(platform.config.productName) }] },
    });
    // Were it ever not active (a database edited by hand), operators would still sign in and work.
    await platform.db.query(`UPDATE organizations SET status = 'deploying' WHERE id = 'meridian'`);
    try {
      expect((await login(ADMIN)).status).toBe(200);
      expect((await rest('GET', `/organization/${ORG.id}`)).status).toBe(200);
      const tool = await tokens.client('meridian-cli', 'systemAdmin', 'meridian');
      expect((await rest('GET', `/organization/${ORG.id}`, undefined, tool)).status).toBe(200);
    } finally {
      await platform.db.query(`UPDATE organizations SET status = 'active' WHERE id = 'meridian'`);
    }
  });
});
