import { MESSAGES } from '@meridian/schema';
import type { PlatformConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import {
  advancePending,
  advanceTotpStep,
  deletePending,
  findPending,
  takeChallenge,
  type PendingRow,
  clearMfaFailures,
  factorCounts,
  findTotp,
  passkeysOf,
  recordPasskeyUse,
  savePending,
  useRecoveryCode,
} from '../../stores/mfa.js';
import type { AuditOrigin } from '../audit.js';
import { auditSignInAttempt, type SignedInUser } from '../login.js';
import { auditRecoveryCodeUsed, ownerSource, type FactorOwner } from './factors.js';
import { WITH_CODE, WITH_RECOVERY_CODE, withPasskey } from './methods.js';
import { authenticationOptions, passkeyMethod, verifyAuthentication, type RelyingParty } from './passkeys.js';
import { secondStepFor, type SecondStep } from './policy.js';
import { hashRecoveryCode, normalizeRecoveryCode } from './recovery-codes.js';
import { sealedIn, type SecretSealer } from '../secrets/sealed-secrets.js';
import { takeCodeAttempt } from './throttle.js';
import { checkTotp, normalizeTotpCode } from './totp.js';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';

/**
 * The second step of a sign-in at the provider, after a right password: prove a factor, or enroll one
 * when it is required. Its state lives in mfa_pending under the interaction's uid, so whichever
 * provider replica answers the next request carries on.
 */

export const interactionStepId = (uid: string) => `interaction:${uid}`;

export const INVALID_CODE_MESSAGE =
  'That code is not right. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.';
export const MISSING_CODE_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
export const INVALID_PASSKEY_MESSAGE = 'That passkey could not be verified. Try again, or enter a code instead.';

/**
 * Starts the step the person needs after their password (or after their organization's identity
 * provider, `firstMethod` 'fed', which settles it when it vouched for a second factor itself); 'none'
 * signs them in at once.
 */
export async function beginSecondStep(
  db: Database,
  config: Pick<PlatformConfig, 'appEnv'>,
  user: SignedInUser,
  interactionUid: string,
  expiresAt: Date,
  firstMethod: 'pwd' | 'fed' = 'pwd',
): Promise<SecondStep> {
  const step = await secondStepFor(db, config, user);
  if (step !== 'none')
    await savePending(db, {
      id: interactionStepId(interactionUid),
      email: user.email,
      stage: step,
      totp_secret: null,
      challenge: null,
      amr: null,
      first_method: firstMethod,
      expires_at: expiresAt,
    });
  return step;
}

export type ProofResult = { ok: true; methods: string[] } | { ok: false; status: 400 | 401 | 423; message: string };

const refused = (status: 400 | 401 | 423, message: string): ProofResult => ({ ok: false, status, message });

/** The user row shape the sign-in audit events read. */
const auditRow = (owner: FactorOwner) => ({
  email: owner.email,
  role: owner.role,
  organization_id: owner.organizationId,
});

/**
 * Whether `code` is the person's current app code or one of their unused recovery codes (spent here
 * either way), and which: the sign-in's methods say so (methods.ts). Null when it is neither.
 */
async function spendCode(
  db: Database,
  sealer: SecretSealer,
  owner: FactorOwner,
  code: string,
  origin: AuditOrigin,
  now: Date,
): Promise<'app' | 'recovery' | null> {
  if (normalizeTotpCode(code)) {
    const spent = await db.transaction(async (tx) => {
      const totp = await findTotp(tx, owner.email, true);
      const key = totp ? await sealer.open('totp', sealedIn.totp(owner.email), totp.secret) : null;
      if (!totp || !key) return false;
      const step = await checkTotp(key, code, Number(totp.last_step), now);
      return step !== null && advanceTotpStep(tx, owner.email, step);
    });
    return spent ? 'app' : null;
  }
  const recovery = normalizeRecoveryCode(code);
  if (!recovery) return null;
  const spent = await db.transaction(async (tx) => {
    if (!(await useRecoveryCode(tx, owner.email, hashRecoveryCode(recovery), now))) return false;
    const left = (await factorCounts(tx, owner.email)).recovery_codes_left;
    await auditRecoveryCodeUsed(tx, ownerSource(owner, origin), owner, left);
    return true;
  });
  return spent ? 'recovery' : null;
}

/**
 * Counts the attempt before it is checked (throttle.ts takeCodeAttempt), or refuses while the account or
 * the address is locked, saying so in the words of the password step.
 */
async function takeAttemptOrRefuse(db: Database, owner: FactorOwner, origin: AuditOrigin, now: Date) {
  const minutes = await takeCodeAttempt(db, owner.email, origin.clientIp, now);
  if (minutes === null) return null;
  await db.transaction((tx) =>
    auditSignInAttempt(tx, origin, owner.email, auditRow(owner), {
      action: 'sign-in.locked',
      details: { minutes, step: 'second-factor' },
    }),
  );
  return refused(423, MESSAGES.tooManyAttempts(minutes));
}

/** A wrong proof, counted already when its attempt was taken: its audit event. */
async function auditWrongProof(db: Database, owner: FactorOwner, origin: AuditOrigin) {
  await db.transaction((tx) =>
    auditSignInAttempt(tx, origin, owner.email, auditRow(owner), {
      action: 'sign-in.failed',
      details: { reason: 'invalid-code' },
    }),
  );
}

/**
 * Checks a code typed at the second step: throttled per account and per address like passwords (the
 * attempt counted before the check), a wrong one audited (never the code itself), a right one spent so
 * it works once (an app code's time step, a recovery code's row: each taken by one UPDATE, so two
 * requests at once cannot both spend it).
 */
export async function proveWithCode(
  db: Database,
  sealer: SecretSealer,
  owner: FactorOwner,
  code: string,
  origin: AuditOrigin,
  now = new Date(),
): Promise<ProofResult> {
  if (!code.trim()) return refused(400, MISSING_CODE_MESSAGE);
  const locked = await takeAttemptOrRefuse(db, owner, origin, now);
  if (locked) return locked;
  const spent = await spendCode(db, sealer, owner, code, origin, now);
  if (!spent) {
    await auditWrongProof(db, owner, origin);
    return refused(401, INVALID_CODE_MESSAGE);
  }
  await clearMfaFailures(db, owner.email);
  return { ok: true, methods: spent === 'recovery' ? WITH_RECOVERY_CODE : WITH_CODE };
}

/** Checks a passkey's answer to the challenge of this step (taken once), throttled and audited like a code. */
export async function proveWithPasskey(
  db: Database,
  rp: RelyingParty,
  pendingId: string,
  owner: FactorOwner,
  response: AuthenticationResponseJSON,
  origin: AuditOrigin,
  now = new Date(),
): Promise<ProofResult> {
  const locked = await takeAttemptOrRefuse(db, owner, origin, now);
  if (locked) return locked;
  const challenge = await takeChallenge(db, pendingId, now);
  const passkeys = await passkeysOf(db, owner.email);
  const used = challenge ? await verifyAuthentication(rp, challenge, response, passkeys) : null;
  if (!used) {
    await auditWrongProof(db, owner, origin);
    return refused(401, INVALID_PASSKEY_MESSAGE);
  }
  await recordPasskeyUse(db, used.id, used.newCounter, used.backedUp, now);
  await clearMfaFailures(db, owner.email);
  return { ok: true, methods: withPasskey(passkeyMethod({ device_type: used.deviceType, backed_up: used.backedUp })) };
}

/** WebAuthn options to sign in with one of the person's passkeys; null when they have none. */
export async function passkeySignInOptions(
  db: Database,
  rp: RelyingParty,
  pending: PendingRow,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const passkeys = await passkeysOf(db, pending.email);
  if (passkeys.length === 0) return null;
  const options = await authenticationOptions(rp, passkeys);
  return (await advancePending(db, pending.id, 'verify', { challenge: options.challenge })) ? options : null;
}

/** The step under way, or undefined when there is none (never started, finished, or expired). */
export const findStep = (db: Database, id: string, now = new Date()) => findPending(db, id, now);

export const endStep = (db: Database, id: string) => deletePending(db, id);

/** What the person has of each kind, for the pages to offer what they can use. */
export const factorsOf = async (db: Database, email: string) => {
  const counts = await factorCounts(db, email);
  return { totp: counts.totp, passkeys: counts.passkeys, recoveryCodesLeft: counts.recovery_codes_left };
};

/** Moves the step on from `from` (see stores/mfa.ts advancePending): false when another request did first. */
export const advanceStep = advancePending;
