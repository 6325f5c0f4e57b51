import type { Queryable } from '../db/database.js';

// Sign-in sessions (user_sessions), the feed of ended ones (session_revocations), and the provider's
// own records of a session in oidc_models: its Session, its grants and what was issued under them.

/** A session as the provider keeps it: its uid (the tokens' sid) and the grants of its clients. */
interface StoredSession {
  uid: string;
  grantIds: string[];
}

/** What the provider's Session payload holds that matters here (models/session.js in oidc-provider). */
interface SessionPayload {
  uid?: string;
  authorizations?: Record<string, { grantId?: string } | undefined>;
}

function storedSessionOf(payload: SessionPayload | string): StoredSession | null {
  const value = typeof payload === 'string' ? (JSON.parse(payload) as SessionPayload) : payload;
  if (!value.uid) return null;
  const grantIds = Object.values(value.authorizations ?? {}).flatMap((entry) =>
    entry?.grantId ? [entry.grantId] : [],
  );
  return { uid: value.uid, grantIds };
}

/** The provider's live sessions of `email` (also those begun before sessions were recorded). */
export async function selectStoredSessionsOf(db: Queryable, email: string): Promise<StoredSession[]> {
  const { rows } = await db.query<{ payload: SessionPayload | string }>(
    `SELECT payload FROM oidc_models WHERE model = 'Session' AND payload->>'accountId' = $1`,
    [email],
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

/** Marks the live recorded sessions of `email` ended (but `except`); answers their sids. */
export async function markUserSessionsRevoked(db: Queryable, email: string, except: string | null): Promise<string[]> {
  const { rows } = await db.query<{ sid: string }>(
    `UPDATE user_sessions SET revoked_at = now()
      WHERE email = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR sid <> $2) RETURNING sid`,
    [email, except],
  );
  return rows.map((row) => row.sid);
}

/** Marks session `sid` ended; answers whether it was live. */
export async function markSessionRevoked(db: Queryable, sid: string): Promise<boolean> {
  const { rows } = await db.query<{ sid: string }>(
    'UPDATE user_sessions SET revoked_at = now() WHERE sid = $1 AND revoked_at IS NULL RETURNING sid',
    [sid],
  );
  return rows.length > 0;
}

/** Appends ended sessions to the feed the gateways follow. */
export async function insertRevocations(db: Queryable, sids: string[]): Promise<void> {
  if (sids.length === 0) return;
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
