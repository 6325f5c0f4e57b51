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

/** A token bucket: `capacity` units, refilled at `perSecond`. */
export interface ScimBudget {
  capacity: number;
  perSecond: number;
}

/**
 * The working token with this hash, one unit spent from its budget when one is left (and its use noted),
 * in one statement: replicas spending from the same token are serialized by its row. `units` is what
 * was left before this request (refilled since the last); below 1 the request is refused and nothing
 * is spent.
 */
export async function useScimToken(
  db: Queryable,
  tokenHash: string,
  budget: ScimBudget,
): Promise<(ScimTokenRow & { units: number }) | undefined> {
  const { rows } = await db.query<ScimTokenRow & { units: number }>(
    `WITH refilled AS (
       SELECT id, LEAST($2::float8, coalesce(budget + EXTRACT(EPOCH FROM clock_timestamp() - budget_at) * $3::float8, $2::float8)) AS units
       FROM scim_tokens WHERE token_hash = $1 AND revoked_at IS NULL FOR UPDATE
     )
     UPDATE scim_tokens t
     SET budget = CASE WHEN r.units >= 1 THEN r.units - 1 ELSE r.units END,
         budget_at = clock_timestamp(),
         last_used_at = CASE WHEN r.units >= 1 THEN clock_timestamp() ELSE t.last_used_at END
     FROM refilled r WHERE t.id = r.id
     RETURNING t.*, r.units`,
    [tokenHash, budget.capacity, budget.perSecond],
  );
  return rows[0];
}

/** Spends `units` more from a token's budget (what a request turned out to cost: the rows it answered). */
export async function spendScimBudget(db: Queryable, id: string, units: number): Promise<void> {
  if (units > 0) await db.query('UPDATE scim_tokens SET budget = budget - $2 WHERE id = $1', [id, units]);
}

export async function revokeScimTokenRow(db: Queryable, id: string): Promise<ScimTokenRow> {
  const { rows } = await db.query<ScimTokenRow>(
    'UPDATE scim_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING *',
    [id],
  );
  return rows[0]!;
}

/** Revokes every working token of the organization (offboarding); answers them as revoked. */
export async function revokeScimTokensOfOrganization(db: Queryable, organizationId: string): Promise<ScimTokenRow[]> {
  const { rows } = await db.query<ScimTokenRow>(
    `UPDATE scim_tokens SET revoked_at = now() WHERE organization_id = $1 AND revoked_at IS NULL
      RETURNING *`,
    [organizationId],
  );
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
}

/** How many of the organization's tokens work. */
export async function workingScimTokenCount(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM scim_tokens WHERE organization_id = $1 AND revoked_at IS NULL',
    [organizationId],
  );
  return rows[0]!.n;
}
