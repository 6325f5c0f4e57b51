import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Database, Queryable } from '../../db/database.js';
import {
  deleteFactorProofsBefore,
  deletePending,
  factorCounts,
  savePending,
  selectFactorProvenAt,
  upsertFactorProof,
} from '../../stores/mfa.js';
import type { AuditOrigin } from '../audit.js';
import type { FactorOwner } from './factors.js';
import type { RelyingParty } from './passkeys.js';
import { hasFactor } from './policy.js';
import { passkeySignInOptions, proveWithCode, proveWithPasskey, type ProofResult } from './second-step.js';
import type { SecretSealer } from '../secrets/sealed-secrets.js';

/**
 * Re-authentication before one changes one's own second factors (issue 39 §3): whoever holds a
 * signed-in browser must not be able to remove the person's authenticator app, replace it, add a
 * passkey of their own or take new recovery codes without the factor itself. A session may change
 * factors for 5 minutes after it proved one: its sign-in, when made with a second factor, or a
 * confirmation on the account page (a code or a passkey, throttled and spent like at sign-in),
 * recorded per provider session in factor_proofs so every replica knows it. A person without any
 * factor has nothing to prove (adding a first one is enrollment).
 */
export const REAUTHENTICATION_MS = 5 * 60 * 1000;

/** What the account page asks before a change, and says when it refuses one. */
export const REAUTHENTICATION_MESSAGE =
  'Confirm it’s you before changing your second factors: enter a current code from your authenticator app or a recovery code, or use your passkey. The confirmation lasts 5 minutes.';
export const CONFIRMED_MESSAGE = 'Confirmed. You can change your second factors for the next 5 minutes.';

/** The provider session a change comes from, as oidc-provider keeps it. */
export interface FactorSession {
  /** The session's uid (the tokens' sid). */
  uid: string;
  /** When the person signed in (seconds since the epoch), and with which methods (RFC 8176). */
  loginTs?: number | undefined;
  amr?: readonly string[] | undefined;
}

const withinWindow = (at: Date | null, now: Date) =>
  at !== null && now.getTime() - at.getTime() < REAUTHENTICATION_MS && at.getTime() <= now.getTime();

/** Whether `session` proved a second factor of `email`'s in the last 5 minutes. */
async function provedRecently(db: Queryable, session: FactorSession, email: string, now: Date): Promise<boolean> {
  const signedInWithFactor = session.amr?.includes('mfa') === true && typeof session.loginTs === 'number';
  if (signedInWithFactor && withinWindow(new Date(session.loginTs! * 1000), now)) return true;
  return withinWindow(await selectFactorProvenAt(db, session.uid, email), now);
}

/**
 * Whether `email` may change their factors from `session` now: when they have none (nothing to
 * prove), or proved one in the last 5 minutes.
 */
export async function mayChangeFactors(
  db: Queryable,
  session: FactorSession,
  email: string,
  now = new Date(),
): Promise<boolean> {
  if (!hasFactor(await factorCounts(db, email))) return true;
  return provedRecently(db, session, email, now);
}

/** The passkey challenge of a confirmation lives in mfa_pending under the session (not its enrollment step). */
const confirmationStepId = (sessionUid: string) => `reauthentication:${sessionUid}`;

/** A confirmation with a code (app or recovery code), throttled and spent as at sign-in; recorded when right. */
export async function confirmWithCode(
  db: Database,
  sealer: SecretSealer,
  owner: FactorOwner,
  sessionUid: string,
  code: string,
  origin: AuditOrigin,
  now = new Date(),
): Promise<ProofResult> {
  const result = await proveWithCode(db, sealer, owner, code, origin, now);
  if (result.ok) await upsertFactorProof(db, sessionUid, owner.email, now);
  return result;
}

/** WebAuthn options to confirm with one of the person's passkeys (a new challenge each time); null without passkeys. */
export async function confirmationPasskeyOptions(
  db: Database,
  rp: RelyingParty,
  owner: FactorOwner,
  sessionUid: string,
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const pending = {
    id: confirmationStepId(sessionUid),
    email: owner.email,
    stage: 'verify' as const,
    totp_secret: null,
    challenge: null,
    amr: null,
    first_method: 'pwd' as const,
    expires_at: new Date(now.getTime() + REAUTHENTICATION_MS),
  };
  await savePending(db, pending);
  return passkeySignInOptions(db, rp, pending);
}

/** A confirmation with a passkey answering that challenge (taken once), throttled like a code; recorded when right. */
export async function confirmWithPasskey(
  db: Database,
  rp: RelyingParty,
  owner: FactorOwner,
  sessionUid: string,
  response: AuthenticationResponseJSON,
  origin: AuditOrigin,
  now = new Date(),
): Promise<ProofResult> {
  const stepId = confirmationStepId(sessionUid);
  const result = await proveWithPasskey(db, rp, stepId, owner, response, origin, now);
  if (result.ok) {
    await upsertFactorProof(db, sessionUid, owner.email, now);
    await deletePending(db, stepId);
  }
  return result;
}

/** Proofs past their 5 minutes count for nothing; the server's housekeeping removes them. */
export const deleteStaleFactorProofs = (db: Queryable, now = new Date()) =>
  deleteFactorProofsBefore(db, new Date(now.getTime() - REAUTHENTICATION_MS));
