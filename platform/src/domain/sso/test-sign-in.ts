import { ssoTestReturnPath, type Role } from '@meridian/schema';
import type { PlatformConfig } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import {
  answerSsoTest,
  findSsoConnection,
  findSsoTest,
  type SsoConnectionRow,
  type SsoPendingRow,
} from '../../stores/sso.js';
import { conflict, notFound } from '../errors.js';
import { secondStepFor } from '../mfa/policy.js';
import type { SecretSealer } from '../secrets/sealed-secrets.js';
import { assertUserPlace } from '../user-limits.js';
import { sendToProvider } from './pending.js';
import { identityFacts, identityRefusal, nameOf, providerFactorCounts } from './sign-in.js';
import { SsoRefusal, type IdpReturned, type VerifiedIdentity } from './types.js';

/**
 * An operator's test sign-in through an organization's saved connection (issue 39): the browser goes
 * to the customer's provider as a person's would, the answer is verified exactly as a sign-in's
 * (oidc.ts, saml.ts), and then, instead of signing anyone in, the platform keeps what the provider
 * returned and what Meridian would do with it (which email, which role, whether the person exists,
 * how the second factor would go) for the operator who started it, who reads it in the console. Nobody
 * is signed in or created, and no audit event is written for the person: no one tried to sign in.
 */

/** How long a test sign-in may stay at the customer's provider, and its result readable. */
export const TEST_SIGN_IN_TTL_MS = 10 * 60_000;

type TestConfig = Pick<PlatformConfig, 'issuer' | 'appEnv' | 'consoleUrl' | 'productName'>;

/** One value the provider returned, as the console lists it (non-text values as JSON). */
export interface ReturnedValue {
  name: string;
  value: string;
}

/** What Meridian would do with the identity: sign an existing person in, create a new one, or refuse. */
export interface TestPreview {
  email: string;
  outcome: 'sign-in' | 'create' | 'refuse';
  /** The refusal's words (what the person would read), when refused. */
  refusal: string | null;
  /** The person's role if they exist, else the role they would be created with. */
  role: Role;
  existingUser: boolean;
  name: string | null;
  /** Whether the provider said a second factor was used (amr/acr, AuthnContextClassRef). */
  providerSaidMfa: boolean;
  /** Who would ask for the second factor: the provider's counts, Meridian asks its own, or none is asked. */
  secondFactor: 'provider' | 'meridian' | 'none' | null;
}

/** A test sign-in's result as kept in sso_pending and answered to the operator. */
export interface TestResult {
  verified: boolean;
  /** Why the answer was not accepted, in the words a person would read; null when it verified. */
  message: string | null;
  returned: ReturnedValue[];
  preview: TestPreview | null;
}

/** Starts a test sign-in: the provider's sign-in URL, carrying a state only the starting operator may read back. */
export async function startTestSignIn(
  db: Database,
  sealer: SecretSealer,
  config: TestConfig,
  startedBy: string,
  organizationId: string,
): Promise<{ url: string; state: string; expiresAt: string }> {
  const connection = await findSsoConnection(db, organizationId);
  if (!connection) throw notFound('Single sign-on connection');
  const expiresAt = new Date(Date.now() + TEST_SIGN_IN_TTL_MS);
  try {
    const sent = await sendToProvider(db, sealer, config, connection, { purpose: 'test', startedBy }, expiresAt);
    if (!sent)
      throw conflict('The connection’s client secret can no longer be read: enter it again and save.', 'clientSecret');
    return { ...sent, expiresAt: expiresAt.toISOString() };
  } catch (error) {
    if (error instanceof SsoRefusal) throw conflict(error.message);
    throw error;
  }
}

/** A returned value as text: strings as they are, anything else as JSON. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The provider's claims or the SAML subject and attributes, one line each (attributes by their name). */
function returnedValues(returned: IdpReturned): ReturnedValue[] {
  const { attributes, ...rest } = returned as { attributes?: Record<string, unknown> };
  const lines = Object.entries(rest)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => ({ name, value: asText(value) }));
  for (const [name, value] of Object.entries(attributes ?? {})) lines.push({ name, value: asText(value) });
  return lines;
}

/** What the sign-in rules would do with this identity, read without writing anything. */
async function previewOf(
  db: Queryable,
  config: TestConfig,
  connection: SsoConnectionRow,
  identity: VerifiedIdentity,
): Promise<TestPreview | null> {
  const facts = await identityFacts(db, connection, identity, false);
  if (!facts) return null;
  const existing = facts.user;
  let refusal = identityRefusal(config, connection, identity, facts)?.message ?? null;
  if (!refusal && !existing) {
    try {
      await assertUserPlace(db, facts.organization);
    } catch (error) {
      refusal = error instanceof Error ? error.message : String(error);
    }
  }
  const role: Role = existing?.role ?? connection.default_role;
  const step =
    refusal || providerFactorCounts(connection, identity)
      ? null
      : await secondStepFor(db, config, { email: identity.email, role, organizationId: connection.organization_id });
  return {
    email: identity.email,
    outcome: refusal ? 'refuse' : existing ? 'sign-in' : 'create',
    refusal,
    role,
    existingUser: existing !== undefined,
    name: existing?.name ?? nameOf(identity),
    providerSaidMfa: identity.mfa,
    secondFactor: refusal ? null : step === null ? 'provider' : step === 'none' ? 'none' : 'meridian',
  };
}

/** Keeps a test sign-in's answer for its operator; false when the state was answered already. */
export async function recordTestAnswer(
  db: Database,
  config: TestConfig,
  connection: SsoConnectionRow,
  pending: SsoPendingRow,
  answer: { ok: true; identity: VerifiedIdentity; returned: IdpReturned } | { ok: false; refusal: SsoRefusal },
): Promise<boolean> {
  const result: TestResult = answer.ok
    ? {
        verified: true,
        message: null,
        returned: returnedValues(answer.returned),
        preview: await previewOf(db, config, connection, answer.identity),
      }
    : { verified: false, message: answer.refusal.message, returned: [], preview: null };
  return answerSsoTest(db, pending.state, result);
}

/** Where the browser goes once the provider answered a test: the console's Sign-in tab, which shows the result. */
export const testResultUrl = (config: Pick<PlatformConfig, 'consoleUrl'>, pending: SsoPendingRow) =>
  new URL(ssoTestReturnPath(pending.organization_id, pending.state), config.consoleUrl).href;

/** A test sign-in's result for the operator who started it: still waiting, or what the provider returned. */
export async function getTestSignIn(db: Queryable, startedBy: string, organizationId: string, state: string) {
  const pending = await findSsoTest(db, state, organizationId, startedBy, new Date());
  if (!pending) throw notFound('Test sign-in');
  const result = (pending.result as TestResult | null) ?? null;
  return {
    state: pending.state,
    protocol: pending.protocol,
    expiresAt: pending.expires_at.toISOString(),
    answered: result !== null,
    verified: result?.verified ?? null,
    message: result?.message ?? null,
    returned: result?.returned ?? [],
    preview: result?.preview ?? null,
  };
}
