import type { CredentialSortKey } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { containsPattern, orderBy, page, type ListQuery } from './sql.js';

export interface CredentialRow {
  id: string;
  organization_id: string;
  /** null for an organization's own credential. */
  user_email: string | null;
  credential_enabled: boolean;
  generated_at: Date;
  created_by: string;
  /** What uses it, as its creator named it; null for credentials made before names (issue 28). */
  name: string | null;
  /** Days from generated_at to its expiry, chosen at creation (1 to 90). */
  lifetime_days: number;
}

/** Every column but secret_hash: selecting through this keeps the hash out of any answer. */
export const CREDENTIAL_COLUMNS =
  'id, organization_id, user_email, credential_enabled, generated_at, created_by, name, lifetime_days';

/** The credentials of the users given, oldest first, in one query. */
export async function selectUserCredentials(db: Queryable, emails: string[]): Promise<CredentialRow[]> {
  const { rows } = await db.query<CredentialRow>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE user_email = ANY($1) ORDER BY generated_at`,
    [emails],
  );
  return rows;
}

export async function insertCredential(
  db: Queryable,
  values: {
    id: string;
    organizationId: string;
    userEmail: string | null;
    secretHash: string;
    createdBy: string;
    name: string | null;
    lifetimeDays: number;
  },
): Promise<CredentialRow> {
  const { rows } = await db.query<CredentialRow>(
    `INSERT INTO credentials (id, organization_id, user_email, secret_hash, created_by, name, lifetime_days)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${CREDENTIAL_COLUMNS}`,
    [
      values.id,
      values.organizationId,
      values.userEmail,
      values.secretHash,
      values.createdBy,
      values.name,
      values.lifetimeDays,
    ],
  );
  return rows[0]!;
}

/** Where a credential must belong: a user's, or an organization's own (user_email IS NULL). */
export type CredentialOwner = { userEmail: string } | { organizationId: string };

/** The credential `id` if it belongs to `owner`, locked until the transaction ends. */
export async function lockOwnedCredential(
  tx: Queryable,
  id: string,
  owner: CredentialOwner,
): Promise<CredentialRow | undefined> {
  const [ownerSql, ownerValue] =
    'userEmail' in owner
      ? ['user_email = $2', owner.userEmail]
      : ['organization_id = $2 AND user_email IS NULL', owner.organizationId];
  const { rows } = await tx.query<CredentialRow>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE id = $1 AND ${ownerSql} FOR UPDATE`,
    [id, ownerValue],
  );
  return rows[0];
}

export async function markCredentialDisabled(tx: Queryable, id: string): Promise<CredentialRow> {
  const { rows } = await tx.query<CredentialRow>(
    `UPDATE credentials SET credential_enabled = false WHERE id = $1 RETURNING ${CREDENTIAL_COLUMNS}`,
    [id],
  );
  return rows[0]!;
}

/** Disables every enabled credential of the user; answers the ids it disabled. */
export async function disableCredentialsOfUser(db: Queryable, email: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE credentials SET credential_enabled = false WHERE user_email = $1 AND credential_enabled RETURNING id',
    [email],
  );
  return rows.map((row) => row.id);
}

/** Where an organization's credentials are: its own, and its people's (a user's row names its email). */
const OF_ORGANIZATION = `(organization_id = $1 OR user_email IN (SELECT email FROM users WHERE organization_id = $1))`;

/**
 * Disables every enabled credential of the organization and of its people, in one statement; answers
 * them as they were before (enabled), oldest first. Run again, it finds none: offboarding's steps may.
 */
export async function disableCredentialsOfOrganization(
  db: Queryable,
  organizationId: string,
): Promise<CredentialRow[]> {
  const { rows } = await db.query<CredentialRow>(
    `UPDATE credentials SET credential_enabled = false
      WHERE credential_enabled AND ${OF_ORGANIZATION}
      RETURNING ${CREDENTIAL_COLUMNS}`,
    [organizationId],
  );
  // RETURNING gives the row after the update: as it was, the credential was enabled.
  return rows
    .map((row) => ({ ...row, credential_enabled: true }))
    .sort((a, b) => a.generated_at.getTime() - b.generated_at.getTime() || a.id.localeCompare(b.id));
}

/** How many credentials of the organization and its people are enabled (what offboarding would disable). */
export async function enabledCredentialCount(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM credentials WHERE credential_enabled AND ${OF_ORGANIZATION}`,
    [organizationId],
  );
  return rows[0]!.n;
}

const SORTABLE: Readonly<Record<CredentialSortKey, string>> = {
  generated_timestamp: 'generated_at',
  id: 'id',
  name: 'name',
  credential_enabled: 'credential_enabled',
};

/** A page of an organization's own credentials (newest first unless sorted), searched by id or name. */
export async function selectOrganizationCredentials(
  db: Queryable,
  organizationId: string,
  query: ListQuery,
): Promise<{ rows: CredentialRow[]; total: number }> {
  const params: unknown[] = [organizationId];
  let where = 'WHERE organization_id = $1 AND user_email IS NULL';
  if (query.search) {
    params.push(containsPattern(query.search));
    where += ` AND (id LIKE $${params.length} OR lower(name) LIKE $${params.length})`;
  }
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credentials ${where}`, params)).rows[0]!
    .n;
  const order = orderBy(query.sort ?? '-generated_timestamp', SORTABLE, 'generated_timestamp', 'id');
  const { rows } = await db.query<CredentialRow>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM credentials ${where} ${order}${page(query, params)}`,
    params,
  );
  return { rows, total };
}
