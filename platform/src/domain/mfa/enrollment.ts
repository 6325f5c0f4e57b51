import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Database } from '../../db/database.js';
import {
  advancePending,
  findPending,
  passkeyExists,
  passkeysOf,
  savePending,
  takeChallenge,
  type PendingRow,
} from '../../stores/mfa.js';
import type { AuditSource } from '../audit.js';
import { enrollPasskey, enrollTotp, passkeyName, type FactorOwner } from './factors.js';
import { passkeyMethod, registrationOptions, verifyRegistration, type RelyingParty } from './passkeys.js';
import { sealedIn, type SecretSealer } from '../secrets/sealed-secrets.js';
import { WITH_CODE, withPasskey } from './methods.js';
import { checkTotp, newTotpKey } from './totp.js';

/**
 * Enrolling a factor, at sign-in (the step of an interaction) or from the account page (a step of the
 * provider session): the key being set up or the WebAuthn challenge wait in mfa_pending, so any
 * replica serves the next request. A confirmed factor moves the step to 'enrolled', carrying the
 * methods the person has now proven.
 */

export const accountStepId = (sessionUid: string) => `session:${sessionUid}`;

/** An enrollment step from the account page, started afresh (an earlier unfinished one is dropped). */
export async function beginAccountEnrollment(
  db: Database,
  id: string,
  email: string,
  expiresAt: Date,
): Promise<PendingRow> {
  const row: PendingRow = {
    id,
    email,
    stage: 'enroll',
    totp_secret: null,
    challenge: null,
    amr: null,
    first_method: 'pwd',
    expires_at: expiresAt,
  };
  await savePending(db, row);
  return row;
}

/** The key a step is setting up, opened; null when it has none (or it no longer opens). */
export const enrollingKeyOf = async (sealer: SecretSealer, pending: PendingRow) =>
  pending.totp_secret ? sealer.open('totp', sealedIn.pendingTotp(pending.id), pending.totp_secret) : null;

/** The authenticator-app key this step sets up: made once, kept encrypted, the same on every reload. */
export async function totpKeyOf(
  db: Database,
  sealer: SecretSealer,
  pending: PendingRow,
  now = new Date(),
): Promise<string | null> {
  if (pending.stage !== 'enroll') return null;
  const stored = await enrollingKeyOf(sealer, pending);
  if (stored) return stored;
  const key = newTotpKey();
  const sealed = await sealer.seal('totp', sealedIn.pendingTotp(pending.id), key);
  if (await advancePending(db, pending.id, 'enroll', { totp_secret: sealed })) return key;
  // Another request of the same step made one first: show that one.
  const current = await findPending(db, pending.id, now);
  return current ? enrollingKeyOf(sealer, current) : null;
}

export const WRONG_SETUP_CODE_MESSAGE =
  'That code does not match this key. Enter the 6-digit code your authenticator app shows now for this account.';
export const STEP_EXPIRED_MESSAGE = 'This setup has expired. Start again.';

export type EnrollResult = { ok: true; first: boolean } | { ok: false; message: string };

/** Confirms the app with its first code: the key is stored (encrypted) and that code's step counts as used. */
export async function confirmTotp(
  db: Database,
  sealer: SecretSealer,
  pending: PendingRow,
  owner: FactorOwner,
  source: AuditSource,
  code: string,
  now = new Date(),
): Promise<EnrollResult> {
  const key = await enrollingKeyOf(sealer, pending);
  if (!key) return { ok: false, message: STEP_EXPIRED_MESSAGE };
  const step = await checkTotp(key, code, 0, now);
  if (step === null) return { ok: false, message: WRONG_SETUP_CODE_MESSAGE };
  return db.transaction(async (tx) => {
    const moved = await advancePending(tx, pending.id, 'enroll', {
      stage: 'enrolled',
      totp_secret: null,
      amr: WITH_CODE,
    });
    if (!moved) return { ok: false, message: STEP_EXPIRED_MESSAGE };
    return { ok: true, ...(await enrollTotp(tx, sealer, source, owner, key, step)) };
  });
}

/** WebAuthn registration options for this step, its challenge kept for the answer. */
export async function passkeyRegistrationOptions(
  db: Database,
  rp: RelyingParty,
  pending: PendingRow,
  owner: FactorOwner,
): Promise<PublicKeyCredentialCreationOptionsJSON | null> {
  const options = await registrationOptions(rp, owner, await passkeysOf(db, owner.email));
  const saved = await advancePending(db, pending.id, 'enroll', { challenge: options.challenge });
  return saved ? options : null;
}

export const PASSKEY_NOT_REGISTERED_MESSAGE =
  'The passkey could not be registered. Try again, or set up an authenticator app instead.';

/** Registers the passkey that answered this step's challenge (the challenge is spent whatever the outcome). */
export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  pending: PendingRow,
  owner: FactorOwner,
  source: AuditSource,
  response: RegistrationResponseJSON,
  typedName: string | undefined,
  now = new Date(),
): Promise<EnrollResult> {
  const challenge = await takeChallenge(db, pending.id, now);
  const passkey = challenge ? await verifyRegistration(rp, challenge, response) : null;
  if (!passkey || (await passkeyExists(db, passkey.id))) return { ok: false, message: PASSKEY_NOT_REGISTERED_MESSAGE };
  const method = passkeyMethod({ device_type: passkey.deviceType, backed_up: passkey.backedUp });
  return db.transaction(async (tx) => {
    const moved = await advancePending(tx, pending.id, 'enroll', { stage: 'enrolled', amr: withPasskey(method) });
    if (!moved) return { ok: false, message: STEP_EXPIRED_MESSAGE };
    return { ok: true, ...(await enrollPasskey(tx, source, owner, passkey, passkeyName(typedName, now))) };
  });
}
