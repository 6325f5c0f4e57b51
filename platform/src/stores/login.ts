import type { Queryable } from '../db/database.js';
import { ADVISORY_LOCKS } from '../db/locks.js';
import { deleteLoginFailures } from './passwords.js';

// What a sign-in reads and writes: the user with their password hash, and the failed attempts that
// throttle an email.

export { deleteLoginFailures };

export interface LoginUserRow {
  email: string;
  name: string;
  role: string;
  organization_id: string;
  password_hash: string;
  password_changed_at: Date;
  active: boolean;
  /** Their organization's lifecycle status: only an active organization's people sign in (schema's personMayWork). */
  organization_status: string;
}

export async function findLoginUser(db: Queryable, email: string): Promise<LoginUserRow | undefined> {
  const { rows } = await db.query<LoginUserRow>(
    `SELECT u.email, u.name, u.role, u.organization_id, u.password_hash, u.password_changed_at, u.active,
            o.status AS organization_status
       FROM users u JOIN organizations o ON o.id = u.organization_id WHERE u.email = $1`,
    [email],
  );
  return rows[0];
}

/**
 * What the OpenID provider needs of an account to issue it anything (a sign-in, a refresh, a silent
 * renewal): the user, their standing and their organization's, and whether the session `sid` the
 * token names has ended.
 */
export async function findProviderAccount(db: Queryable, email: string, sid: string | null) {
  const { rows } = await db.query<{
    email: string;
    name: string;
    role: string;
    active: boolean;
    organization_status: string;
    session_ended: boolean;
  }>(
    `SELECT u.email, u.name, u.role, u.active, o.status AS organization_status,
            EXISTS (SELECT 1 FROM user_sessions s WHERE s.sid = $2 AND s.revoked_at IS NOT NULL) AS session_ended
       FROM users u JOIN organizations o ON o.id = u.organization_id WHERE u.email = $1`,
    [email, sid],
  );
  return rows[0];
}

/** The email's latest failures after `since`, newest first, at most `limit`. */
export async function recentLoginFailures(
  db: Queryable,
  email: string,
  since: Date,
  limit: number,
): Promise<{ failed_at: Date }[]> {
  const { rows } = await db.query<{ failed_at: Date }>(
    `SELECT failed_at FROM login_failures WHERE email = $1 AND failed_at > $2 ORDER BY failed_at DESC LIMIT $3`,
    [email, since, limit],
  );
  return rows;
}

/**
 * Counts an attempt of `email` as a failure at `at`, before its password is checked, unless `max`
 * failures already fall after `since`: answers the attempt's id, or null when the email is locked. Run
 * in a transaction: its lock on the email makes attempts take turns on every replica until each
 * commits, and the INSERT, a statement of its own after the lock is held, counts what the one before
 * it committed (a single statement would count from a snapshot taken before it waited).
 */
export async function insertLoginAttempt(
  tx: Queryable,
  email: string,
  at: Date,
  since: Date,
  max: number,
): Promise<string | null> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [ADVISORY_LOCKS.loginAttempts, email]);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO login_failures (email, failed_at) SELECT $1::text, $2
      WHERE (SELECT count(*) FROM login_failures WHERE email = $1 AND failed_at > $3) < $4
      RETURNING id::text AS id`,
    [email, at, since, max],
  );
  return rows[0]?.id ?? null;
}

export async function deleteLoginFailuresBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE failed_at <= $1', [before]);
}
