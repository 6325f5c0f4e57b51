import type { Queryable } from '../db/database.js';
import { ADVISORY_LOCKS } from '../db/locks.js';

// What second factors read and write: the authenticator-app key (encrypted), passkeys, recovery code
// hashes, wrong-code failures, and the sign-in or enrollment step under way.

export interface TotpRow {
  secret: string;
  last_step: string;
}

export interface PasskeyRow {
  id: string;
  email: string;
  public_key: string;
  counter: string;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface PendingRow {
  id: string;
  email: string;
  stage: PendingStage;
  totp_secret: string | null;
  challenge: string | null;
  amr: string[] | null;
  /** How the sign-in began: 'pwd' (a password) or 'fed' (the organization's identity provider). */
  first_method: 'pwd' | 'fed';
  expires_at: Date;
}

/** 'codes': a first factor's recovery codes were shown; the step waits for "I have saved these codes". */
export type PendingStage = 'verify' | 'enroll' | 'enrolled' | 'codes' | 'done';

export interface FactorCounts {
  totp: boolean;
  passkeys: number;
  recovery_codes_left: number;
}

export async function factorCounts(db: Queryable, email: string): Promise<FactorCounts> {
  const { rows } = await db.query<FactorCounts>(
    `SELECT EXISTS (SELECT 1 FROM mfa_totp WHERE email = $1) AS totp,
            (SELECT count(*)::int FROM mfa_passkeys WHERE email = $1) AS passkeys,
            (SELECT count(*)::int FROM mfa_recovery_codes WHERE email = $1 AND used_at IS NULL) AS recovery_codes_left`,
    [email],
  );
  return rows[0]!;
}

// --- Authenticator app ---

export async function findTotp(db: Queryable, email: string, forUpdate = false): Promise<TotpRow | undefined> {
  const { rows } = await db.query<TotpRow>(
    `SELECT secret, last_step::text FROM mfa_totp WHERE email = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return rows[0];
}

/** Replaces any earlier key: a person has one authenticator app. */
export async function upsertTotp(db: Queryable, email: string, secret: string, lastStep: number): Promise<void> {
  await db.query(
    `INSERT INTO mfa_totp (email, secret, last_step, confirmed_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (email) DO UPDATE SET secret = EXCLUDED.secret, last_step = EXCLUDED.last_step, confirmed_at = now()`,
    [email, secret, lastStep],
  );
}

/** Records the step just accepted, only if it is newer than the stored one: false when another request took it. */
export async function advanceTotpStep(db: Queryable, email: string, step: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE mfa_totp SET last_step = $2 WHERE email = $1 AND last_step < $2 RETURNING email',
    [email, step],
  );
  return rows.length === 1;
}

export async function deleteTotp(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM mfa_totp WHERE email = $1 RETURNING email', [email]);
  return rows.length > 0;
}

// --- Passkeys ---

export async function passkeysOf(db: Queryable, email: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT id, email, public_key, counter::text, transports, device_type, backed_up, name, created_at, last_used_at
       FROM mfa_passkeys WHERE email = $1 ORDER BY created_at, id`,
    [email],
  );
  return rows;
}

export async function insertPasskey(
  db: Queryable,
  passkey: Pick<PasskeyRow, 'id' | 'email' | 'public_key' | 'transports' | 'device_type' | 'backed_up' | 'name'> & {
    counter: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO mfa_passkeys (id, email, public_key, counter, transports, device_type, backed_up, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      passkey.id,
      passkey.email,
      passkey.public_key,
      passkey.counter,
      passkey.transports,
      passkey.device_type,
      passkey.backed_up,
      passkey.name,
    ],
  );
}

export async function passkeyExists(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM mfa_passkeys WHERE id = $1', [id]);
  return rows.length > 0;
}

export async function recordPasskeyUse(
  db: Queryable,
  id: string,
  counter: number,
  backedUp: boolean,
  at: Date,
): Promise<void> {
  await db.query('UPDATE mfa_passkeys SET counter = $2, backed_up = $3, last_used_at = $4 WHERE id = $1', [
    id,
    counter,
    backedUp,
    at,
  ]);
}

/** The removed passkey's name, or null when the person has none of that id. */
export async function deletePasskey(db: Queryable, email: string, id: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    'DELETE FROM mfa_passkeys WHERE email = $1 AND id = $2 RETURNING name',
    [email, id],
  );
  return rows[0]?.name ?? null;
}

// --- Recovery codes ---

export async function replaceRecoveryCodes(db: Queryable, email: string, hashes: readonly string[]): Promise<void> {
  await db.query('DELETE FROM mfa_recovery_codes WHERE email = $1', [email]);
  await db.query('INSERT INTO mfa_recovery_codes (email, code_hash) SELECT $1, unnest($2::text[])', [email, hashes]);
}

/** Marks the code used; false when it is not one of the person's unused codes. */
export async function useRecoveryCode(db: Queryable, email: string, hash: string, at: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE mfa_recovery_codes SET used_at = $3 WHERE email = $1 AND code_hash = $2 AND used_at IS NULL RETURNING email`,
    [email, hash, at],
  );
  return rows.length === 1;
}

/** Every factor and recovery code of the person: what a reset, or removing the last factor, leaves. */
export async function deleteAllFactors(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM mfa_totp WHERE email = $1', [email]);
  await db.query('DELETE FROM mfa_passkeys WHERE email = $1', [email]);
  await db.query('DELETE FROM mfa_recovery_codes WHERE email = $1', [email]);
  await db.query('DELETE FROM mfa_pending WHERE email = $1', [email]);
}

export async function deleteRecoveryCodes(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM mfa_recovery_codes WHERE email = $1', [email]);
}

// --- Wrong codes ---

/** The most failures after `since` an account, and an address, may have for one more attempt to count. */
export interface CodeAttemptLimits {
  since: Date;
  perAccount: number;
  perAddress: number;
}

/**
 * Counts a second-factor attempt of `email` from `clientIp` as a failure at `at`, before it is checked,
 * unless the account or the address already has its limit of failures after `since`: false when
 * locked. Run in a transaction: as insertLoginAttempt, its locks (the account's, then the address's:
 * always in that order, so two attempts never wait on each other) make attempts take turns on every
 * replica, and the INSERT after them counts what the one before committed.
 */
export async function insertMfaAttempt(
  tx: Queryable,
  email: string,
  clientIp: string | null,
  at: Date,
  limits: CodeAttemptLimits,
): Promise<boolean> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [ADVISORY_LOCKS.codeAttemptsOfAccount, email]);
  if (clientIp)
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [
      ADVISORY_LOCKS.codeAttemptsOfAddress,
      clientIp,
    ]);
  const { rows } = await tx.query(
    `INSERT INTO mfa_failures (email, client_ip, failed_at) SELECT $1::text, $2::text, $3
      WHERE (SELECT count(*) FROM mfa_failures WHERE email = $1 AND failed_at > $4) < $5
        AND ($2::text IS NULL OR (SELECT count(*) FROM mfa_failures WHERE client_ip = $2 AND failed_at > $4) < $6)
      RETURNING email`,
    [email, clientIp, at, limits.since, limits.perAccount, limits.perAddress],
  );
  return rows.length === 1;
}

/** The latest failures after `since`, newest first, at most `limit`: of the email, or of the address. */
export async function recentMfaFailures(
  db: Queryable,
  by: { email: string } | { clientIp: string },
  since: Date,
  limit: number,
): Promise<{ failed_at: Date }[]> {
  const [column, value] = 'email' in by ? ['email', by.email] : ['client_ip', by.clientIp];
  const { rows } = await db.query<{ failed_at: Date }>(
    `SELECT failed_at FROM mfa_failures WHERE ${column} = $1 AND failed_at > $2 ORDER BY failed_at DESC LIMIT $3`,
    [value, since, limit],
  );
  return rows;
}

/** A right code clears the account's count (as a right password does); the address keeps its own. */
export async function clearMfaFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM mfa_failures WHERE email = $1', [email]);
}

export async function deleteMfaFailuresBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM mfa_failures WHERE failed_at <= $1', [before]);
}

// --- The step under way ---

export async function findPending(db: Queryable, id: string, now: Date): Promise<PendingRow | undefined> {
  const { rows } = await db.query<PendingRow>(
    'SELECT id, email, stage, totp_secret, challenge, amr, first_method, expires_at FROM mfa_pending WHERE id = $1 AND expires_at > $2',
    [id, now],
  );
  return rows[0];
}

export async function savePending(db: Queryable, row: PendingRow): Promise<void> {
  await db.query(
    `INSERT INTO mfa_pending (id, email, stage, totp_secret, challenge, amr, first_method, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, stage = EXCLUDED.stage, totp_secret = EXCLUDED.totp_secret,
       challenge = EXCLUDED.challenge, amr = EXCLUDED.amr, first_method = EXCLUDED.first_method,
       expires_at = EXCLUDED.expires_at`,
    [row.id, row.email, row.stage, row.totp_secret, row.challenge, row.amr, row.first_method, row.expires_at],
  );
}

/**
 * Moves a step on only from the stage it was read at: false when another request (a second tab, a
 * replayed post) moved it first, so a proof is spent once.
 */
export async function advancePending(
  db: Queryable,
  id: string,
  from: PendingStage,
  changes: Partial<Pick<PendingRow, 'stage' | 'totp_secret' | 'challenge' | 'amr'>>,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE mfa_pending SET stage = COALESCE($3, stage),
            totp_secret = CASE WHEN $4 THEN $5 ELSE totp_secret END,
            challenge = CASE WHEN $6 THEN $7 ELSE challenge END,
            amr = COALESCE($8, amr)
      WHERE id = $1 AND stage = $2 RETURNING id`,
    [
      id,
      from,
      changes.stage ?? null,
      'totp_secret' in changes,
      changes.totp_secret ?? null,
      'challenge' in changes,
      changes.challenge ?? null,
      changes.amr ?? null,
    ],
  );
  return rows.length === 1;
}

/** The challenge once: read and cleared together, so a WebAuthn answer cannot be replayed. */
export async function takeChallenge(db: Queryable, id: string, now: Date): Promise<string | null> {
  const { rows } = await db.query<{ challenge: string }>(
    `UPDATE mfa_pending p SET challenge = NULL FROM (SELECT challenge FROM mfa_pending WHERE id = $1 FOR UPDATE) old
      WHERE p.id = $1 AND p.expires_at > $2 AND old.challenge IS NOT NULL RETURNING old.challenge`,
    [id, now],
  );
  return rows[0]?.challenge ?? null;
}

export async function deletePending(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM mfa_pending WHERE id = $1', [id]);
}

export async function deleteExpiredPending(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM mfa_pending WHERE expires_at <= $1', [now]);
}

/** Whether the organization requires every user of it to sign in with a second factor. */
export async function organizationRequiresMfa(db: Queryable, organizationId: string): Promise<boolean> {
  const { rows } = await db.query<{ require_mfa: boolean }>('SELECT require_mfa FROM organizations WHERE id = $1', [
    organizationId,
  ]);
  return rows[0]?.require_mfa === true;
}

// --- Re-authentication (factor_proofs) ---

/** Session `sid` of `email` proved a second factor at `at` (the latest proof counts). */
export async function upsertFactorProof(db: Queryable, sid: string, email: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO factor_proofs (sid, email, proven_at) VALUES ($1, $2, $3)
     ON CONFLICT (sid) DO UPDATE SET email = EXCLUDED.email, proven_at = EXCLUDED.proven_at`,
    [sid, email, at],
  );
}

/** When session `sid` last proved a factor of `email`'s, or null. */
export async function selectFactorProvenAt(db: Queryable, sid: string, email: string): Promise<Date | null> {
  const { rows } = await db.query<{ proven_at: Date }>(
    'SELECT proven_at FROM factor_proofs WHERE sid = $1 AND email = $2',
    [sid, email],
  );
  return rows[0] ? new Date(rows[0].proven_at) : null;
}

export async function deleteFactorProofsBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM factor_proofs WHERE proven_at <= $1', [before]);
}
