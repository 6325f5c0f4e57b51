import type { Queryable } from '../db/database.js';

/** How many Meridian Admins of `organizationId` may work (active; invited ones included). */
export async function countActiveSystemAdmins(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE organization_id = $1 AND role = 'systemAdmin' AND active`,
    [organizationId],
  );
  return rows[0]!.n;
}
