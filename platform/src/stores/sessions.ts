import type { SessionEndReason } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { ADVISORY_LOCKS } from '../db/locks.js';

// Sign-in sessions (user_sessions), the feed of ended ones (session_revocations), and the provider's
// own records of a session in oidc_models: its Session, its grants and what was issued under them.

/** A session as the provider keeps it: its uid (the tokens' sid), its account and its clients' grants. */
export interface StoredSession {
  uid: string;
  accountId: string;
  grantIds: string[];
}

/** What the provider's Session payload holds that matters here (models/session.js in oidc-provider). */
interface SessionPayload {
  uid?: string;
  accountId?: string;
  authorizations?: Record<string, { grantId?: string } | undefined>;
}

function storedSessionOf(payload: SessionPayload | string): StoredSession | null {
  const value = typeof payload === 'string' ? (JSON.parse(payload) as SessionPayload) : payload;
  if (!value.uid || !value.accountId) return null;
  const grantIds = Object.values(value.authorizations ?? {}).flatMap((entry) =>
    entry?.grantId ? [entry.grantId] : [],
  );
  return { uid: value.uid, accountId: value.accountId, grantIds };
}

/** The provider's live sessions of `emails` (also those begun before sessions were recorded). */
export async function selectStoredSessionsOf(db: Queryable, emails: string[]): Promise<StoredSession[]> {
  const { rows } = await db.query<{ payload: SessionPayload | string }>(
    `SELECT payload FROM oidc_models WHERE model = 'Session' AND payload->>'accountId' = ANY($1::text[])`,
    [emails],
  );
  return rows.flatMap((row) => storedSessionOf(row.payload) ?? []);
}

/** The provider's session `sid`, when it still has it. */
export async function selectStoredSession(db: Queryable, sid: string): Promise<StoredSession | null> {
  const { rows } = await db.query<{ payload: SessionPayload | string }>(
    `SELECT payload FROM oidc_models WHERE model = 'Session' AND uid = $1`,
    [sid],
  );
  return rows[0] ? storedSessionOf(rows[0].payload) : null;
}

/**
 * Marks the live recorded sessions of `emails` (but `except`) ended for `reason`; answers their sids.
 * Sessions the provider holds but that were never recorded (begun before sessions were) get an ended
 * row, so the REST API refuses their sid like any other.
 */
export async function markSessionsRevoked(
  db: Queryable,
  emails: string[],
  unrecorded: StoredSession[],
  except: string | null,
  reason: SessionEndReason,
): Promise<EndedSession[]> {
  const { rows } = await db.query<EndedSession>(
    `UPDATE user_sessions SET revoked_at = now(), end_reason = $3
      WHERE email = ANY($1::text[]) AND revoked_at IS NULL AND ($2::text IS NULL OR sid <> $2) RETURNING sid, email`,
    [emails, except, reason],
  );
  const ended = new Map(rows.map((row) => [row.sid, row]));
  const missing = unrecorded.filter((session) => !ended.has(session.uid));
  if (missing.length > 0) {
    const inserted = await db.query<EndedSession>(
      `INSERT INTO user_sessions (sid, email, expires_at, revoked_at, end_reason)
       SELECT sid, email, now(), now(), $3 FROM unnest($1::text[], $2::text[]) AS s(sid, email)
       ON CONFLICT (sid) DO NOTHING RETURNING sid, email`,
      [missing.map((session) => session.uid), missing.map((session) => session.accountId), reason],
    );
    for (const row of inserted.rows) ended.set(row.sid, row);
  }
  return [...ended.values()];
}

/** A session just ended, and whose it was. */
export interface EndedSession {
  sid: string;
  email: string;
}

/**
 * The people of an organization with a session that may still be live: recorded and not ended, or
 * held by the provider (also one begun before sessions were recorded). Few, next to its users.
 */
export async function selectSessionHoldersOf(db: Queryable, organizationId: string): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT s.email FROM user_sessions s JOIN users u ON u.email = s.email
      WHERE u.organization_id = $1 AND s.revoked_at IS NULL
     UNION
     SELECT u.email FROM oidc_models m JOIN users u ON u.email = m.payload->>'accountId'
      WHERE m.model = 'Session' AND u.organization_id = $1`,
    [organizationId],
  );
  return rows.map((row) => row.email);
}

/** Marks session `sid` ended for `reason` (recording it if only the provider knew it); answers whether it was live. */
export async function markSessionRevoked(
  db: Queryable,
  sid: string,
  stored: StoredSession | null,
  reason: SessionEndReason,
): Promise<boolean> {
  const { rows } = await db.query<{ sid: string }>(
    'UPDATE user_sessions SET revoked_at = now(), end_reason = $2 WHERE sid = $1 AND revoked_at IS NULL RETURNING sid',
    [sid, reason],
  );
  if (rows.length > 0) return true;
  if (!stored) return false;
  return (await markSessionsRevoked(db, [], [stored], null, reason)).length > 0;
}

/**
 * Appends ended sessions to the feed the gateways follow. The feed is read by `seq`: a transaction-level
 * lock makes writers take turns until they commit, so a later seq is never visible before an earlier
 * one (a reader past seq N would otherwise skip an N-1 still being committed).
 */
export async function insertRevocations(db: Queryable, sids: string[]): Promise<void> {
  if (sids.length === 0) return;
  await db.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.sessionRevocations]);
  await db.query('INSERT INTO session_revocations (sid) SELECT unnest($1::text[])', [sids]);
}

/**
 * Deletes the provider's sessions `sids` and everything issued under them: their grants and the
 * codes and refresh tokens of those grants (by grant, indexed; and by session uid, for a code or token
 * whose grant the session no longer names). The console can then neither refresh nor resume silently.
 */
export async function deleteProviderRecords(db: Queryable, sids: string[], grantIds: string[]): Promise<void> {
  if (sids.length === 0 && grantIds.length === 0) return;
  await db.query(
    `DELETE FROM oidc_models
      WHERE (model = 'Session' AND uid = ANY($1::text[]))
         OR (model = 'Grant' AND id = ANY($2::text[]))
         OR grant_id = ANY($2::text[])
         OR (model IN ('RefreshToken', 'AuthorizationCode') AND payload->>'sessionUid' = ANY($1::text[]))`,
    [sids, grantIds],
  );
}

/** A recorded session as listed. */
export interface SessionRow {
  sid: string;
  started_at: Date;
  last_used_at: Date;
  user_agent: string | null;
  client_ip: string | null;
  amr: string[];
}

/** The live sessions of `email` (not ended, not expired), newest first. */
export async function selectLiveSessions(db: Queryable, email: string): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT sid, started_at, last_used_at, user_agent, client_ip, amr FROM user_sessions
      WHERE email = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY started_at DESC, sid`,
    [email],
  );
  return rows;
}

/** Whose session `sid` is, when it is live. */
export async function selectLiveSessionOwner(db: Queryable, sid: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>(
    'SELECT email FROM user_sessions WHERE sid = $1 AND revoked_at IS NULL AND expires_at > now()',
    [sid],
  );
  return rows[0]?.email ?? null;
}

export interface SignIn {
  sid: string;
  email: string;
  userAgent: string | null;
  clientIp: string | null;
  amr: string[];
  expiresAt: Date;
}

/**
 * Records a completed sign-in (or a sign-in the session renews): a new session, or the same one used
 * again. An ended session stays ended: a late save of its provider session cannot bring it back.
 */
export async function upsertSignIn(db: Queryable, signIn: SignIn): Promise<void> {
  await db.query(
    `INSERT INTO user_sessions (sid, email, user_agent, client_ip, amr, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (sid) DO UPDATE SET email = EXCLUDED.email, last_used_at = now(),
       user_agent = EXCLUDED.user_agent, client_ip = EXCLUDED.client_ip, amr = EXCLUDED.amr,
       expires_at = EXCLUDED.expires_at
     WHERE user_sessions.revoked_at IS NULL`,
    [signIn.sid, signIn.email, signIn.userAgent, signIn.clientIp, signIn.amr, signIn.expiresAt],
  );
}

/** The session was used (its refresh token redeemed). */
export async function touchSession(db: Queryable, sid: string): Promise<void> {
  await db.query('UPDATE user_sessions SET last_used_at = now() WHERE sid = $1 AND revoked_at IS NULL', [sid]);
}

/** The feed in (after, upTo]: sessions ended within the last `windowSeconds`, oldest first, at most `limit`. */
export async function selectRevocationsAfter(
  db: Queryable,
  { after, upTo }: { after: number; upTo: number },
  windowSeconds: number,
  limit: number,
): Promise<{ seq: number; sid: string }[]> {
  const { rows } = await db.query<{ seq: string | number; sid: string }>(
    `SELECT seq, sid FROM session_revocations
      WHERE seq > $1 AND seq <= $2 AND revoked_at > now() - make_interval(secs => $3)
      ORDER BY seq LIMIT $4`,
    [after, upTo, windowSeconds, limit],
  );
  return rows.map((row) => ({ seq: Number(row.seq), sid: row.sid }));
}

/** The newest seq of the feed (0 when empty): where a reader with nothing to catch up on stands. */
export async function selectLatestRevocationSeq(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ seq: string | number | null }>('SELECT max(seq) AS seq FROM session_revocations');
  return Number(rows[0]?.seq ?? 0);
}

/** Forgets feed entries older than `windowSeconds` and sessions that ended or expired over a day ago. */
export async function deleteStaleSessionRecords(db: Queryable, windowSeconds: number): Promise<void> {
  await db.query('DELETE FROM session_revocations WHERE revoked_at < now() - make_interval(secs => $1)', [
    windowSeconds,
  ]);
  await db.query(`DELETE FROM user_sessions WHERE coalesce(revoked_at, expires_at) < now() - interval '1 day'`);
}

/** The organization's people signed in now, and their live sessions (recorded, not ended, not expired). */
export async function liveSessionCountsOf(db: Queryable, organizationId: string) {
  const { rows } = await db.query<{ people: number; sessions: number }>(
    `SELECT count(DISTINCT s.email)::int AS people, count(*)::int AS sessions
       FROM user_sessions s JOIN users u ON u.email = s.email
      WHERE u.organization_id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [organizationId],
  );
  return rows[0]!;
}
