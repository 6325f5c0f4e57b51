import { SYSTEM_ROLES } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import type { UserFilter } from '../domain/scim/filter.js';
import { userFilterSql } from './scim-user-filter.js';
import { USER_COLUMNS, type UserRow } from './users.js';

/** A user with their SCIM columns (migration 014). */
export interface ScimUserRow extends UserRow {
  scim_id: string;
  scim_external_id: string | null;
  scim_attributes: Record<string, unknown>;
  scim_removed: boolean;
}

const COLUMNS = `${USER_COLUMNS}, scim_id::text AS scim_id, scim_external_id, scim_attributes, scim_removed`;

/**
 * The users a token of organization $1 sees as resources: its own, never an operator (system roles
 * reach every organization and are not the directory's), never a removed resource.
 */
const RESOURCES = `organization_id = $1 AND NOT scim_removed AND role NOT IN (${SYSTEM_ROLES.map((role) => `'${role}'`).join(', ')})`;

/** The resource `scimId` of the organization, or undefined (unknown, another organization's, removed). */
export async function findScimUser(
  db: Queryable,
  organizationId: string,
  scimId: string,
  forUpdate = false,
): Promise<ScimUserRow | undefined> {
  const { rows } = await db.query<ScimUserRow>(
    `SELECT ${COLUMNS} FROM users WHERE ${RESOURCES} AND scim_id = $2::uuid${forUpdate ? ' FOR UPDATE' : ''}`,
    [organizationId, scimId],
  );
  return rows[0];
}

/** Whoever holds `email` anywhere (the caller decides what it may see of them). */
export async function findScimUserByEmail(
  db: Queryable,
  email: string,
  forUpdate = false,
): Promise<ScimUserRow | undefined> {
  const { rows } = await db.query<ScimUserRow>(
    `SELECT ${COLUMNS} FROM users WHERE email = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return rows[0];
}

/** The order of a list: userName breaks ties, so pages never overlap. */
export interface UserSort {
  by: 'userName' | 'displayName' | 'lastModified';
  descending: boolean;
}

const SORT_COLUMNS: Readonly<Record<UserSort['by'], string | null>> = {
  userName: null,
  displayName: 'lower(name)',
  lastModified: 'updated_at',
};

function orderBy({ by, descending }: UserSort): string {
  const direction = descending ? 'DESC' : 'ASC';
  const column = SORT_COLUMNS[by];
  return column ? `${column} ${direction}, email ${direction}` : `email ${direction}`;
}

export interface ScimUserQuery {
  organizationId: string;
  /** Null for every resource. */
  filter: UserFilter | null;
  sort: UserSort;
  offset: number;
  /** 0: only the total is wanted. */
  limit: number;
}

/** A page of the organization's resources matching the query, and how many match in all. */
export async function selectScimUsers(db: Queryable, query: ScimUserQuery) {
  const params: unknown[] = [query.organizationId];
  const where = query.filter ? `${RESOURCES} AND (${userFilterSql(query.filter, params)})` : RESOURCES;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${where}`, params)).rows[0]!
    .n;
  if (query.limit === 0 || total === 0) return { rows: [] as ScimUserRow[], total };
  params.push(query.limit, query.offset);
  const { rows } = await db.query<ScimUserRow>(
    `SELECT ${COLUMNS} FROM users WHERE ${where} ORDER BY ${orderBy(query.sort)}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total };
}

/**
 * Writes what the directory sent that has no other column; answers whether anything changed (an
 * unchanged PUT leaves lastModified as it was).
 */
export async function updateScimColumns(
  tx: Queryable,
  email: string,
  externalId: string | null,
  attributes: Record<string, unknown>,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE users SET scim_external_id = $2, scim_attributes = $3::jsonb, updated_at = now()
      WHERE email = $1 AND (scim_external_id IS DISTINCT FROM $2 OR scim_attributes IS DISTINCT FROM $3::jsonb)
      RETURNING email`,
    [email, externalId, JSON.stringify(attributes)],
  );
  return rows.length > 0;
}

/** DELETE: the resource is gone (GET answers 404) while the person stays, deactivated. */
export async function markScimRemoved(tx: Queryable, email: string): Promise<void> {
  await tx.query('UPDATE users SET scim_removed = true, updated_at = now() WHERE email = $1', [email]);
}

/** A new POST of a removed resource's userName: provisioned again under a new id. */
export async function reviveScimUser(tx: Queryable, email: string): Promise<void> {
  await tx.query(
    'UPDATE users SET scim_removed = false, scim_id = gen_random_uuid(), updated_at = now() WHERE email = $1',
    [email],
  );
}
