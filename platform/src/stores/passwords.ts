import type { Queryable } from '../db/database.js';

// Password hashes, one-time password tokens (reset and invitation links) and the failed sign-ins a new
// password forgets.

/** Null for an invited user who has not set a password yet (issue 18), or a user who does not exist. */
export async function selectPasswordHash(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE email = $1',
    [email],
  );
  return rows[0]?.password_hash ?? null;
}

/** Stores a new password hash: the 90-day expiry restarts. */
export async function updatePasswordHash(db: Queryable, email: string, passwordHash: string): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE email = $1',
    [email, passwordHash],
  );
}

export async function deleteLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email = $1', [email]);
}

export async function insertPasswordToken(
  db: Queryable,
  token: { hash: string; email: string; purpose: string; expiresAt: Date },
): Promise<void> {
  await db.query(`INSERT INTO password_tokens (token_hash, email, purpose, expires_at) VALUES ($1, $2, $3, $4)`, [
    token.hash,
    token.email,
    token.purpose,
    token.expiresAt,
  ]);
}

/** Marks the token used and answers its email, when it is known, unexpired and unused. */
export async function useTokenOnce(db: Queryable, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>(
    `UPDATE password_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING email`,
    [tokenHash],
  );
  return rows[0]?.email ?? null;
}

/** The token's email, purpose and expiry while it can still be used (known, unexpired, unused). */
export async function selectUsableToken(
  db: Queryable,
  tokenHash: string,
): Promise<{ email: string; purpose: string; expires_at: Date } | null> {
  const { rows } = await db.query<{ email: string; purpose: string; expires_at: Date }>(
    `SELECT email, purpose, expires_at FROM password_tokens
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Every open link of `email` stops working. */
export async function closeOpenTokens(db: Queryable, email: string): Promise<void> {
  await db.query('UPDATE password_tokens SET used_at = now() WHERE email = $1 AND used_at IS NULL', [email]);
}

/** Links that set a password for an existing user (reset, expired, administrator-started): not an invitation. */
const RESET_PURPOSES = ['reset', 'expired', 'initiated'];

/** The open reset links of `email` stop working (a newer link closes the older ones). */
export async function closeOpenResetTokens(db: Queryable, email: string): Promise<void> {
  await db.query(
    'UPDATE password_tokens SET used_at = now() WHERE email = $1 AND used_at IS NULL AND purpose = ANY($2)',
    [email, RESET_PURPOSES],
  );
}

/** Whether a link of one of `purposes` was issued to `email` in the last `withinMs` (the database's clock). */
export async function tokenIssuedWithin(
  db: Queryable,
  email: string,
  purposes: readonly string[],
  withinMs: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM password_tokens
      WHERE email = $1 AND purpose = ANY($2) AND created_at > now() - make_interval(secs => $3::double precision / 1000)
      LIMIT 1`,
    [email, purposes, withinMs],
  );
  return rows.length > 0;
}

/** When the user's latest password link was issued, or null. */
export async function lastTokenIssuedAt(db: Queryable, email: string): Promise<Date | null> {
  const { rows } = await db.query<{ last: Date | null }>(
    'SELECT max(created_at) AS last FROM password_tokens WHERE email = $1',
    [email],
  );
  return rows[0]?.last ?? null;
}

/** The newest unused invitation token of an invited user. */
export interface PendingInvitation {
  created_at: Date;
  expires_at: Date;
}

/** The pending invitations of `emails`, one query for a whole page. */
export async function selectPendingInvitations(
  db: Queryable,
  emails: string[],
): Promise<Map<string, PendingInvitation>> {
  const { rows } = await db.query<PendingInvitation & { email: string }>(
    `SELECT DISTINCT ON (email) email, created_at, expires_at FROM password_tokens
      WHERE email = ANY($1) AND purpose = 'invitation' AND used_at IS NULL
      ORDER BY email, created_at DESC`,
    [emails],
  );
  return new Map(rows.map(({ email, ...invitation }) => [email, invitation]));
}

/** An invited user (no password) and what is theirs: links, credentials, failed sign-ins. */
export async function deleteInvitedUser(tx: Queryable, email: string): Promise<void> {
  await tx.query('DELETE FROM password_tokens WHERE email = $1', [email]);
  await tx.query('DELETE FROM credentials WHERE user_email = $1', [email]);
  await tx.query('DELETE FROM login_failures WHERE email = $1', [email]);
  await tx.query('DELETE FROM users WHERE email = $1 AND password_hash IS NULL AND sso_subject IS NULL', [email]);
}
