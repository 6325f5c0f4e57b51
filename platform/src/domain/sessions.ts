import type { SessionEndReason } from '@meridian/schema';
import type { Database, Queryable } from '../db/database.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './lifetimes.js';
import {
  deleteProviderRecords,
  deleteStaleSessionRecords,
  insertRevocations,
  markSessionRevoked,
  markSessionsRevoked,
  selectLatestRevocationSeq,
  selectRevocationsAfter,
  selectSessionHoldersOf,
  touchSession,
  upsertSignIn,
  type SignIn,
  selectStoredSession,
  selectStoredSessionsOf,
} from '../stores/sessions.js';

// Ending sign-in sessions, and the feed of ended ones the gateways follow. An ended session is marked
// in user_sessions (the REST API refuses its tokens' sid at once), appended to session_revocations (the
// feed every gateway follows), and removed from the provider's storage with its grants and refresh
// tokens (nothing more can be issued under it). The end* functions take the transaction of the change
// that ends the sessions (deactivation, a password or factor reset): they end when that change commits.
// Each ending says why (schema's SESSION_END_REASONS): the session's tokens are refused in its words.

const unique = (values: string[]) => [...new Set(values)];

/** Ends every session of `emails` but `except` for `reason`; answers how many ended for each email that had any. */
async function endSessionsOfUsers(
  tx: Queryable,
  emails: string[],
  except: string | null,
  reason: SessionEndReason,
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const stored = (await selectStoredSessionsOf(tx, emails)).filter((session) => session.uid !== except);
  const recorded = await markSessionsRevoked(tx, emails, stored, except, reason);
  const owners = new Map(recorded.map((session) => [session.sid, session.email]));
  for (const session of stored) owners.set(session.uid, session.accountId);
  const sids = [...owners.keys()];
  await insertRevocations(tx, sids);
  await deleteProviderRecords(tx, sids, unique(stored.flatMap((session) => session.grantIds)));
  const counts = new Map<string, number>();
  for (const email of owners.values()) counts.set(email, (counts.get(email) ?? 0) + 1);
  return counts;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);

/**
 * Ends every session of `email` for `options.reason`, but `options.except` (the caller's own, for
 * "sign out my other sessions"); answers how many ended.
 */
export async function endUserSessions(
  tx: Queryable,
  email: string,
  options: { reason: SessionEndReason; except?: string | undefined },
): Promise<number> {
  return total(await endSessionsOfUsers(tx, [email], options.except ?? null, options.reason));
}

/** Ends every session of each of `emails` (a bulk deactivation's batch) for `reason`; answers how many ended. */
export async function endSessionsOfEach(tx: Queryable, emails: string[], reason: SessionEndReason): Promise<number> {
  return total(await endSessionsOfUsers(tx, emails, null, reason));
}

/**
 * Ends every session of every person of an organization (offboarding: told as a deactivation);
 * answers, for each person whose sessions ended, how many did. Only people holding a session are read,
 * however many users the organization has.
 */
export async function endSessionsOfOrganization(tx: Queryable, organizationId: string): Promise<Map<string, number>> {
  return endSessionsOfUsers(tx, await selectSessionHoldersOf(tx, organizationId), null, 'deactivated');
}

/** Ends session `sid` for `reason`; answers whether it was live (recorded and not yet ended, or still held by the provider). */
export async function endSession(tx: Queryable, sid: string, reason: SessionEndReason): Promise<boolean> {
  const stored = await selectStoredSession(tx, sid);
  if (!(await markSessionRevoked(tx, sid, stored, reason))) return false;
  await insertRevocations(tx, [sid]);
  await deleteProviderRecords(tx, [sid], stored?.grantIds ?? []);
  return true;
}

/** The provider completed a sign-in: its session is listed with its browser and address. */
export const recordProviderSession = (db: Queryable, signIn: SignIn) => upsertSignIn(db, signIn);

/** A token redemption (code or refresh token) under the session marks it used. */
export const markSessionUsed = (db: Queryable, sid: string) => touchSession(db, sid);

/** The provider signed the session out (and deleted it): its tokens end at once too. */
export async function endSignedOutSession(db: Database, sid: string): Promise<void> {
  await db.transaction((tx) => endSession(tx, sid, 'signedOut'));
}

/**
 * How long an ended session's sid must be remembered: its access tokens (which cannot be renewed once
 * it ends) live at most ACCESS_TOKEN_TTL_SECONDS, plus the clock tolerance verifiers allow and margin.
 */
export const REVOCATION_RETAIN_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;
/** The most sids one page of the feed carries; a reader asks again from the cursor while pages are full. */
export const REVOCATION_PAGE = 1000;

/** The feed after `after`: the sids ended since, still young enough to matter, and where to read on from. */
export async function revocationsAfter(db: Queryable, after: number) {
  // The newest seq first: every entry up to it is committed (stores/sessions.ts insertRevocations), so
  // the page read next misses none below it, and the cursor never passes one not yet read.
  const latest = await selectLatestRevocationSeq(db);
  const entries = await selectRevocationsAfter(db, { after, upTo: latest }, REVOCATION_RETAIN_SECONDS, REVOCATION_PAGE);
  const full = entries.length === REVOCATION_PAGE;
  return {
    cursor: full ? entries[entries.length - 1]!.seq : Math.max(after, latest),
    sids: entries.map((entry) => entry.sid),
    retainSeconds: REVOCATION_RETAIN_SECONDS,
  };
}

/** Forgets feed entries no token can need any more, and long-finished sessions. */
export const deleteStaleSessions = (db: Queryable) => deleteStaleSessionRecords(db, REVOCATION_RETAIN_SECONDS);
