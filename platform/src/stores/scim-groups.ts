import { SYSTEM_ROLES, type Role } from '@meridian/schema';
import type { Queryable } from '../db/database.js';

// The SQL of /Groups: a group is an organization role, its members the organization's resources
// (scim-users.ts's rule) holding that role. Only the columns a member needs are read.

/** The resources of organization $1 (as scim-users.ts): never an operator, never a removed resource. */
const RESOURCES = `organization_id = $1 AND NOT scim_removed AND role NOT IN (${SYSTEM_ROLES.map((role) => `'${role}'`).join(', ')})`;

/** A member as the group answers it. */
export interface GroupMemberRow {
  scim_id: string;
  email: string;
}

/** A person a group request names, with what it may change. */
export interface GroupPersonRow extends GroupMemberRow {
  role: Role;
}

/** Everyone holding `role`, by email: one query, two columns (Org Users may be every person of the organization). */
export async function selectGroupMembers(db: Queryable, organizationId: string, role: Role): Promise<GroupMemberRow[]> {
  const { rows } = await db.query<GroupMemberRow>(
    `SELECT scim_id::text AS scim_id, email FROM users WHERE ${RESOURCES} AND role = $2 ORDER BY email`,
    [organizationId, role],
  );
  return rows;
}

/** The people of `scimIds` among the organization's resources (the others are not there), locked for the change. */
export async function lockGroupPeople(
  db: Queryable,
  organizationId: string,
  scimIds: string[],
): Promise<GroupPersonRow[]> {
  if (scimIds.length === 0) return [];
  const { rows } = await db.query<GroupPersonRow>(
    `SELECT scim_id::text AS scim_id, email, role FROM users
      WHERE ${RESOURCES} AND scim_id = ANY($2::uuid[]) ORDER BY email FOR UPDATE`,
    [organizationId, scimIds],
  );
  return rows;
}

/** How many hold `role` besides the people of `scimIds` (a PUT of Org Users may only add to it). */
export async function countGroupMembersBesides(
  db: Queryable,
  organizationId: string,
  role: Role,
  scimIds: string[],
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE ${RESOURCES} AND role = $2 AND NOT (scim_id = ANY($3::uuid[]))`,
    [organizationId, role, scimIds],
  );
  return rows[0]!.n;
}

/**
 * When the groups began (the organization's creation) and last changed: the latest change to any
 * person of the organization, removed ones included (a role change moves a person between both groups,
 * and a removal takes them out), so it is never earlier than a membership change.
 */
export async function groupTimes(
  db: Queryable,
  organizationId: string,
): Promise<{ created_at: Date; last_modified: Date }> {
  const { rows } = await db.query<{ created_at: Date; last_modified: Date }>(
    `SELECT o.created_at, greatest(o.created_at, (SELECT max(u.updated_at) FROM users u WHERE u.organization_id = o.id))
              AS last_modified
       FROM organizations o WHERE o.id = $1`,
    [organizationId],
  );
  return rows[0]!;
}
