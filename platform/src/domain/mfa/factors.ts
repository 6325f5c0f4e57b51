import { factorResetRefusal, type Role } from '@meridian/schema';
import type { Database, Queryable } from '../../db/database.js';
import {
  advancePending,
  deleteAllFactors,
  deletePasskey,
  deleteRecoveryCodes,
  deleteTotp,
  factorCounts,
  insertPasskey,
  passkeysOf,
  replaceRecoveryCodes,
  upsertTotp,
} from '../../stores/mfa.js';
import { recordAuditEvent, type AuditOrigin, type AuditSource } from '../audit.js';
import type { ServiceCaller } from '../caller.js';
import { conflict } from '../errors.js';
import { endUserSessions } from '../sessions.js';
import { userInScope } from '../users.js';
import type { NewPasskey } from './passkeys.js';
import { factorRequired, hasFactor } from './policy.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { sealedIn, type SecretSealer } from '../secrets/sealed-secrets.js';

/** A person acting on their own factors (at sign-in, or on the provider's account page). */
export interface FactorOwner {
  email: string;
  name: string;
  role: Role;
  organizationId: string;
}

export type FactorKind = 'totp' | 'passkey';

/** Which factors a person has; never a secret (User.mfa, GET /users/{email}/mfa). */
export interface MfaStatus {
  enrolled: boolean;
  kinds: FactorKind[];
  passkeyCount: number;
  recoveryCodesLeft: number;
}

export async function mfaStatusOf(db: Queryable, email: string): Promise<MfaStatus> {
  const counts = await factorCounts(db, email);
  const kinds: FactorKind[] = [
    ...(counts.totp ? ['totp' as const] : []),
    ...(counts.passkeys ? ['passkey' as const] : []),
  ];
  return {
    enrolled: hasFactor(counts),
    kinds,
    passkeyCount: counts.passkeys,
    recoveryCodesLeft: hasFactor(counts) ? counts.recovery_codes_left : 0,
  };
}

/** The person themself as the actor of their events. */
export const ownerSource = (owner: FactorOwner, origin: AuditOrigin): AuditSource => ({
  actor: { id: owner.email, kind: 'user', role: owner.role, organizationId: owner.organizationId },
  origin,
});

const audit = (
  tx: Queryable,
  source: AuditSource,
  owner: Pick<FactorOwner, 'email' | 'organizationId'>,
  action: 'mfa.enroll' | 'mfa.remove' | 'mfa.recovery-codes' | 'mfa.recovery-code-used',
  details?: Record<string, unknown>,
) =>
  recordAuditEvent(tx, source, {
    action,
    organizationId: owner.organizationId,
    target: { type: 'user', id: owner.email },
    ...(details ? { details } : {}),
  });

/** Ten new recovery codes, the earlier ones void: shown once, only their hashes kept. */
export async function issueRecoveryCodes(tx: Queryable, source: AuditSource, owner: FactorOwner): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, owner.email, codes.map(hashRecoveryCode));
  await audit(tx, source, owner, 'mfa.recovery-codes');
  return codes;
}

export const auditRecoveryCodeUsed = (tx: Queryable, source: AuditSource, owner: FactorOwner, left: number) =>
  audit(tx, source, owner, 'mfa.recovery-code-used', { left });

/**
 * Adds a factor: the authenticator app (replacing any earlier one) or a passkey. Answers whether it is
 * the person's first, whose recovery codes are then issued where they are shown (recoveryCodesOnce).
 */
async function enroll(
  tx: Queryable,
  source: AuditSource,
  owner: FactorOwner,
  kind: FactorKind,
  store: () => Promise<void>,
): Promise<{ first: boolean }> {
  const first = !hasFactor(await factorCounts(tx, owner.email));
  await store();
  await audit(tx, source, owner, 'mfa.enroll', { kind });
  return { first };
}

/**
 * The recovery codes of a first factor just enrolled, issued when the page that shows them opens: the
 * step `pendingId` moves from 'enrolled' to 'codes' once, so a reload shows them no more (null); the
 * sign-in goes on once the person says they saved them (codes → done).
 */
export async function recoveryCodesOnce(
  db: Database,
  pendingId: string,
  source: AuditSource,
  owner: FactorOwner,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await advancePending(tx, pendingId, 'enrolled', { stage: 'codes' }))) return null;
    return issueRecoveryCodes(tx, source, owner);
  });
}

/** Stores a confirmed authenticator-app key (encrypted), with the step its first code was accepted at. */
export const enrollTotp = (
  tx: Queryable,
  sealer: SecretSealer,
  source: AuditSource,
  owner: FactorOwner,
  key: string,
  acceptedStep: number,
) =>
  enroll(tx, source, owner, 'totp', async () =>
    upsertTotp(tx, owner.email, await sealer.seal('totp', sealedIn.totp(owner.email), key), acceptedStep),
  );

/** A passkey's name: what the person typed, else "Passkey" and the date. */
export const passkeyName = (typed: string | undefined, now = new Date()) =>
  (typed ?? '').trim().slice(0, 64) || `Passkey added ${now.toISOString().slice(0, 10)}`;

export const enrollPasskey = (
  tx: Queryable,
  source: AuditSource,
  owner: FactorOwner,
  passkey: NewPasskey,
  name: string,
) =>
  enroll(tx, source, owner, 'passkey', () =>
    insertPasskey(tx, {
      id: passkey.id,
      email: owner.email,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp,
      name,
    }),
  );

export const LAST_FACTOR_REQUIRED_MESSAGE =
  'A second factor is required for your account: add another one before removing this one.';

/**
 * Removes the authenticator app or one passkey. The last factor of someone who must have one stays
 * (they would only be made to enroll again at their next sign-in); without any factor left, the
 * recovery codes go too. Answers false when there was no such factor.
 */
export async function removeFactor(
  db: Database,
  config: { appEnv: string },
  source: AuditSource,
  owner: FactorOwner,
  factor: { kind: 'totp' } | { kind: 'passkey'; id: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    let details: Record<string, unknown>;
    if (factor.kind === 'totp') {
      if (!(await deleteTotp(tx, owner.email))) return false;
      details = { kind: 'totp' };
    } else {
      const name = await deletePasskey(tx, owner.email, factor.id);
      if (name === null) return false;
      details = { kind: 'passkey', name };
    }
    if (!hasFactor(await factorCounts(tx, owner.email))) {
      // Throwing rolls the removal back.
      if (await factorRequired(tx, config, owner)) throw conflict(LAST_FACTOR_REQUIRED_MESSAGE);
      await deleteRecoveryCodes(tx, owner.email);
    }
    await audit(tx, source, owner, 'mfa.remove', details);
    return true;
  });
}

// --- Administrators (REST) ---

/** A user's factors as their administrators see them (GET /users/{email}/mfa). */
export async function userMfa(db: Queryable, who: Pick<ServiceCaller, 'caller' | 'guard'>, email: string) {
  const user = await userInScope(db, who, 'userMfa', email);
  return mfaStatusOf(db, user.email);
}

/**
 * Removes every factor and recovery code of a user, who enrolls again at their next sign-in when a
 * factor is required, and ends their sessions: whoever held their factor is signed out. Another
 * person's only (factorResetRefusal): a token proves no factor.
 */
export async function resetUserMfa(db: Database, who: ServiceCaller, email: string): Promise<void> {
  const user = await userInScope(db, who, 'resetUserMfa', email);
  // One's own factors change on the account page, after proving one (reauthentication.ts).
  const own = who.caller.kind === 'user' ? factorResetRefusal(who.caller.subject, user.email) : null;
  if (own) throw conflict(own);
  await db.transaction(async (tx) => {
    await deleteAllFactors(tx, user.email);
    const sessionsEnded = await endUserSessions(tx, user.email, { reason: 'factorReset' });
    await recordAuditEvent(tx, who.source, {
      action: 'mfa.reset',
      organizationId: user.organization_id,
      target: { type: 'user', id: user.email },
      details: { sessionsEnded },
    });
  });
}

/** What the account page lists: the app (set up or not), each passkey, the recovery codes left. */
export async function factorDetailsOf(db: Queryable, email: string) {
  const [counts, passkeys] = await Promise.all([factorCounts(db, email), passkeysOf(db, email)]);
  return {
    hasFactor: hasFactor(counts),
    hasTotp: counts.totp,
    passkeys,
    recoveryCodesLeft: hasFactor(counts) ? counts.recovery_codes_left : 0,
  };
}

export const NO_FACTOR_FOR_CODES_MESSAGE = 'Add a second factor first: recovery codes stand in for one.';

/** New recovery codes from the account page; only for someone with a factor (the codes stand in for it). */
export async function renewRecoveryCodes(db: Database, source: AuditSource, owner: FactorOwner): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (!hasFactor(await factorCounts(tx, owner.email))) throw conflict(NO_FACTOR_FOR_CODES_MESSAGE);
    return issueRecoveryCodes(tx, source, owner);
  });
}
