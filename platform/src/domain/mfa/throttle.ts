import type { Database, Queryable } from '../../db/database.js';
import { LOGIN_FAILURE_WINDOW_MS, MAX_LOGIN_FAILURES, minutesUntilUnlocked } from '../login.js';
import { insertMfaAttempt, recentMfaFailures } from '../../stores/mfa.js';

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
  const latest = await recentMfaFailures(db, by, new Date(now.getTime() - CODE_FAILURE_WINDOW_MS), max);
  return minutesUntilUnlocked(latest, max, CODE_FAILURE_WINDOW_MS, now);
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

/**
 * Counts a code (or passkey) attempt as a failure before it is checked, in the one locked step that
 * checks both limits (stores/mfa.ts insertMfaAttempt), so attempts sent at once to any replica cannot
 * all pass; a right proof then clears the account's count. Null when counted, else the minutes the
 * account or the address is locked for.
 */
export async function takeCodeAttempt(
  db: Database,
  email: string,
  clientIp: string | null,
  now = new Date(),
): Promise<number | null> {
  const limits = {
    since: new Date(now.getTime() - CODE_FAILURE_WINDOW_MS),
    perAccount: MAX_CODE_FAILURES_PER_ACCOUNT,
    perAddress: MAX_CODE_FAILURES_PER_ADDRESS,
  };
  return db.transaction(async (tx) => {
    if (await insertMfaAttempt(tx, email, clientIp, now, limits)) return null;
    // Read under the same locks: the failures that refused this attempt are the ones counted.
    return (await codeLockedForMinutes(tx, email, clientIp, now)) ?? 1;
  });
}
