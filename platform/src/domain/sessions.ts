import type { Queryable } from '../db/database.js';
import {
  deleteProviderRecords,
  insertRevocations,
  markSessionRevoked,
  markUserSessionsRevoked,
  selectStoredSession,
  selectStoredSessionsOf,
} from '../stores/sessions.js';

// Ending sign-in sessions. An ended session is marked in user_sessions (the REST API refuses its
// tokens' sid at once), appended to session_revocations (the feed every gateway follows), and removed
// from the provider's storage with its grants and refresh tokens (nothing more can be issued under it).
// Call these inside the transaction of the change that ends them (deactivation, a password or factor
// reset): the sessions end exactly when that change commits.

const unique = (values: string[]) => [...new Set(values)];

/**
 * Ends every session of `email` but `options.except` (the caller's own, for "sign out my other
 * sessions"); answers how many ended.
 */
export async function endUserSessions(
  tx: Queryable,
  email: string,
  options: { except?: string } = {},
): Promise<number> {
  const except = options.except ?? null;
  const stored = (await selectStoredSessionsOf(tx, email)).filter((session) => session.uid !== except);
  const recorded = await markUserSessionsRevoked(tx, email, except);
  const sids = unique([...recorded, ...stored.map((session) => session.uid)]);
  await insertRevocations(tx, sids);
  await deleteProviderRecords(tx, sids, unique(stored.flatMap((session) => session.grantIds)));
  return sids.length;
}

/** Ends session `sid`; answers whether it was live (recorded and not yet ended, or still held by the provider). */
export async function endSession(tx: Queryable, sid: string): Promise<boolean> {
  const stored = await selectStoredSession(tx, sid);
  const recorded = await markSessionRevoked(tx, sid);
  if (!recorded && !stored) return false;
  await insertRevocations(tx, [sid]);
  await deleteProviderRecords(tx, [sid], stored?.grantIds ?? []);
  return true;
}
