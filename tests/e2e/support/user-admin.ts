import { inject } from 'vitest';
import { toolToken } from './platform-api.js';

/** A REST call as the internal tools' client (an operator); throws with the answer when it is not 2xx. */
async function asOperator(method: 'POST' | 'PUT', pathAndQuery: string, body: unknown): Promise<unknown> {
  const { restUrl } = inject('product');
  const response = await fetch(`${restUrl}${pathAndQuery}`, {
    method,
    headers: { authorization: `Bearer ${await toolToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export interface NewUser {
  email: string;
  name: string;
  password: string;
}

/**
 * Creates an Org User of `organizationId` with a password (POST /user): a journey that deactivates or
 * signs out its own users leaves the seeded accounts to the other journeys.
 */
export async function createOrgUser(organizationId: string, user: NewUser): Promise<void> {
  await asOperator('POST', `/user?organizationId=${encodeURIComponent(organizationId)}`, user);
}

/** Activates or deactivates a user as an operator does (PUT /user with only email and active). */
export async function setUserActive(email: string, active: boolean): Promise<void> {
  await asOperator('PUT', '/user', { email, active });
}

/** The organization has room for one more active user (raising its limit through the REST API if not). */
export async function ensureRoomForOneUser(organizationId: string): Promise<void> {
  const { restUrl } = inject('product');
  const headers = { authorization: `Bearer ${await toolToken()}`, 'content-type': 'application/json' };
  const response = await fetch(`${restUrl}/organization/${organizationId}?include=licenses_used`, { headers });
  const { licenses } = (await response.json()) as { licenses: { user_limit: number; active_users: number } };
  if (licenses.active_users + 1 <= licenses.user_limit) return;
  const raised = await fetch(`${restUrl}/licenses?organizationId=${organizationId}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ licenses: { user_limit: licenses.active_users + 5 } }),
  });
  if (!raised.ok) throw new Error(`PUT /licenses answered ${raised.status}`);
}

/** Requires a second factor of every user of the organization, or stops requiring it (PUT /organization). */
export async function setOrganizationRequireMfa(organizationId: string, requireMfa: boolean): Promise<void> {
  await asOperator('PUT', `/organization?organizationId=${encodeURIComponent(organizationId)}`, { requireMfa });
}

/** Waits, reading the job as an operator, until the organization's `job` is no longer in progress. */
async function jobSettled(organizationId: string, job: 'onboarding' | 'deployment'): Promise<void> {
  const { restUrl } = inject('product');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${restUrl}/organization/${organizationId}/${job}`, {
      headers: { authorization: `Bearer ${await toolToken()}` },
    });
    const { status } = (await response.json()) as { status: string };
    if (status === 'completed') return;
    if (status !== 'in_progress' || Date.now() > deadline)
      throw new Error(`The ${job} of ${organizationId} ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Walks a new organization to active as an operator does (onboarding, deployment, activation: each job's
 * steps take JOB_STEP_MS): only an active organization's people sign in (issue 39).
 */
export async function activateOrganization(organizationId: string): Promise<void> {
  const path = `/organization/${encodeURIComponent(organizationId)}`;
  await asOperator('POST', `${path}/onboarding`, {});
  await jobSettled(organizationId, 'onboarding');
  await asOperator('POST', `${path}/deployment`, {});
  await jobSettled(organizationId, 'deployment');
  await asOperator('POST', `${path}/activation`, { active: true });
}
