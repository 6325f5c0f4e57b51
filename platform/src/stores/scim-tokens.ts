import type { Queryable } from '../db/database.js';

/** An organization's SCIM token as stored (migration 014): only a hash of the token itself. */
export interface ScimTokenRow {
  id: string;
  organization_id: string;
  label: string;
  token_hash: string;
  token_hint: string;
  created_by: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export async function insertScimToken(
  db: Queryable,
  token: Pick<ScimTokenRow, 'id' | 'organization_id' | 'label' | 'token_hash' | 'token_hint' | 'created_by'>,
): Promise<ScimTokenRow> {
  const { rows } = await db.query<ScimTokenRow>(
    `INSERT INTO scim_tokens (id, organization_id, label, token_hash, token_hint, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [token.id, token.organization_id, token.label, token.token_hash, token.token_hint, token.created_by],
  );
  return rows[0]!;
}

/** The organization's tokens, newest first (revoked ones too). */
export async function selectScimTokens(db: Queryable, organizationId: string): Promise<ScimTokenRow[]> {
  const { rows } = await db.query<ScimTokenRow>(
    'SELECT * FROM scim_tokens WHERE organization_id = $1 ORDER BY created_at DESC, id',
    [organizationId],
  );
  return rows;
}

export async function findScimToken(
  db: Queryable,
  organizationId: string,
  id: string,
  forUpdate = false,
): Promise<ScimTokenRow | undefined> {
  const { rows } = await db.query<ScimTokenRow>(
    `SELECT * FROM scim_tokens WHERE organization_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [organizationId, id],
  );
  return rows[0];
}

/** The working token with this hash, its last use noted (at most once a minute: no write per request). */
export async function useScimToken(db: Queryable, tokenHash: string): Promise<ScimTokenRow | undefined> {
  const { rows } = await db.query<ScimTokenRow>(
    'SELECT * FROM scim_tokens WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash],
  );
  const row = rows[0];
  if (row && (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000))
    await db.query('UPDATE scim_tokens SET last_used_at = now() WHERE id = $1', [row.id]);
  return row;
}

export async function revokeScimTokenRow(db: Queryable, id: string): Promise<ScimTokenRow> {
  const { rows } = await db.query<ScimTokenRow>(
    'UPDATE scim_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING *',
    [id],
  );
  return rows[0]!;
}
