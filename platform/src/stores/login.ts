import type { Queryable } from '../db/database.js';
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
}

export async function findLoginUser(db: Queryable, email: string): Promise<LoginUserRow | undefined> {
  const { rows } = await db.query<LoginUserRow>(
    `SELECT email, name, role, organization_id, password_hash, password_changed_at, active FROM users WHERE email = $1`,
    [email],
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

export async function insertLoginFailure(db: Queryable, email: string, at: Date): Promise<void> {
  await db.query('INSERT INTO login_failures (email, failed_at) VALUES ($1, $2)', [email, at]);
}

export async function deleteLoginFailuresBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE failed_at <= $1', [before]);
}
