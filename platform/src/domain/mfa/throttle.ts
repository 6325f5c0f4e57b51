import type { Queryable } from '../../db/database.js';
import { LOGIN_FAILURE_WINDOW_MS, MAX_LOGIN_FAILURES } from '../login.js';
import { deleteMfaFailuresBefore, insertMfaFailure, recentMfaFailures } from '../../stores/mfa.js';

/**
 * Wrong second-factor codes are throttled like passwords (decisions.md "Sign-in and sessions"): five
 * in 15 minutes lock the account's code step, and an address that tries many accounts is locked after
 * more (an office behind one address has many people).
 */
export const MAX_CODE_FAILURES_PER_ACCOUNT = MAX_LOGIN_FAILURES;
export const MAX_CODE_FAILURES_PER_ADDRESS = 20;
export const CODE_FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MS;

async function lockedBy(
  db: Queryable,
  by: { email: string } | { clientIp: string },
  max: number,
  now: Date,
): Promise<number | null> {
  const rows = await recentMfaFailures(db, by, new Date(now.getTime() - CODE_FAILURE_WINDOW_MS), max);
  if (rows.length < max) return null;
  // The lock lifts when the oldest of the last `max` failures leaves the window.
  const unlocksAt = new Date(rows[max - 1]!.failed_at).getTime() + CODE_FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 60_000));
}

/** Minutes until codes may be tried again for this account from this address, or null when not locked. */
export async function codeLockedForMinutes(
  db: Queryable,
  email: string,
  clientIp: string | null,
  now = new Date(),
): Promise<number | null> {
  const byAccount = await lockedBy(db, { email }, MAX_CODE_FAILURES_PER_ACCOUNT, now);
  const byAddress = clientIp ? await lockedBy(db, { clientIp }, MAX_CODE_FAILURES_PER_ADDRESS, now) : null;
  if (byAccount === null) return byAddress;
  return byAddress === null ? byAccount : Math.max(byAccount, byAddress);
}

export const recordCodeFailure = (db: Queryable, email: string, clientIp: string | null, now = new Date()) =>
  insertMfaFailure(db, email, clientIp, now);

export const deleteStaleCodeFailures = (db: Queryable, now = new Date()) =>
  deleteMfaFailuresBefore(db, new Date(now.getTime() - CODE_FAILURE_WINDOW_MS));
