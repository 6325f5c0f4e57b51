import { createHash, randomBytes } from 'node:crypto';
import { credentialDaysToExpire } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { notFound } from '../http/errors.js';

/** A data-access credential as stored, without its secret hash (which never leaves the database). */
export interface CredentialRow {
  id: string;
  organization_id: string;
  user_email: string | null;
  credential_enabled: boolean;
  generated_at: Date;
  created_by: string;
}

/** Every column but secret_hash: selecting through this keeps the hash out of any answer. */
export const CREDENTIAL_COLUMNS = 'id, organization_id, user_email, credential_enabled, generated_at, created_by';

/** A credential as the REST API answers it. */
export function toCredential(row: CredentialRow, now: Date = new Date()) {
  return {
    id: row.id,
    organizationId: row.organization_id,
    userEmail: row.user_email,
    credential_enabled: row.credential_enabled,
    generated_timestamp: row.generated_at.toISOString(),
    days_to_expire: credentialDaysToExpire(row.generated_at, now),
    createdBy: row.created_by,
  };
}
export type Credential = ReturnType<typeof toCredential>;

/** The credentials of each user given, in one query (a page of users never costs a query per user). */
export async function credentialsByUser(db: Queryable, emails: string[]): Promise<Map<string, CredentialRow[]>> {
  const byUser = new Map<string, CredentialRow[]>(emails.map((email) => [email, []]));
  if (emails.length === 0) return byUser;
  const { rows } = await db.query<CredentialRow>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE user_email = ANY($1) ORDER BY generated_at`,
    [emails],
  );
  for (const row of rows) byUser.get(row.user_email!)?.push(row);
  return byUser;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface NewCredential {
  organizationId: string;
  /** null for an organization's own credential. */
  userEmail: string | null;
  createdBy: string;
}

/**
 * Creates a credential with a random secret; only the secret's hash is stored, so the secret returned
 * here is the only copy there will ever be.
 */
export async function createCredential(
  db: Queryable,
  credential: NewCredential,
): Promise<{ row: CredentialRow; secret: string }> {
  const secret = randomBytes(32).toString('base64url');
  const { rows } = await db.query<CredentialRow>(
    `INSERT INTO credentials (id, organization_id, user_email, secret_hash, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${CREDENTIAL_COLUMNS}`,
    [
      `cred_${randomBytes(12).toString('hex')}`,
      credential.organizationId,
      credential.userEmail,
      hashSecret(secret),
      credential.createdBy,
    ],
  );
  return { row: rows[0]!, secret };
}

/** Where a credential must belong: a user's, or an organization's own (user_email IS NULL). */
export type CredentialOwner = { userEmail: string } | { organizationId: string };

/**
 * Disables a credential of `owner`; another owner's credential answers 404 like a missing one. Answers
 * the credential before and after (for the audit trail); run it in a transaction.
 */
export async function disableCredential(
  tx: Queryable,
  id: string,
  owner: CredentialOwner,
): Promise<{ before: CredentialRow; after: CredentialRow }> {
  const [ownerSql, ownerValue] =
    'userEmail' in owner
      ? ['user_email = $2', owner.userEmail]
      : ['organization_id = $2 AND user_email IS NULL', owner.organizationId];
  const { rows } = await tx.query<CredentialRow>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE id = $1 AND ${ownerSql} FOR UPDATE`,
    [id, ownerValue],
  );
  const before = rows[0];
  if (!before) throw notFound('Credential');
  const updated = await tx.query<CredentialRow>(
    `UPDATE credentials SET credential_enabled = false WHERE id = $1 RETURNING ${CREDENTIAL_COLUMNS}`,
    [id],
  );
  return { before, after: updated.rows[0]! };
}

/**
 * Turning a user's direct data access off also disables their credentials: the access they grant goes
 * with it. Answers the ids it disabled (the audit event names them).
 */
export async function disableUserCredentials(db: Queryable, email: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE credentials SET credential_enabled = false WHERE user_email = $1 AND credential_enabled RETURNING id',
    [email],
  );
  return rows.map((row) => row.id).sort();
}
