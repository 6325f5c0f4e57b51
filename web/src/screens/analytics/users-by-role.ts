import { ROLES, roleLabel, type Role } from '@meridian/schema';
import { roleOf } from './labels.js';

/** One entry of the summary: users of a role (GraphQL enum value) that are active or not. */
export interface UserCountInput {
  role: string;
  active: boolean;
  count: number;
}

/** One bar of the chart and row of the table. */
export interface RoleRow {
  role: Role;
  label: string;
  active: number;
  inactive: number;
  total: number;
}

/**
 * Users per role split by active state, one row for every role in the permission table's order (a role
 * nobody holds shows 0, so the chart's categories never shift). Role names are the console's labels,
 * with the product name from configuration.
 */
export function roleRows(counts: readonly UserCountInput[], productName: string): RoleRow[] {
  const rows = new Map<Role, RoleRow>(
    ROLES.map((role) => [role, { role, label: roleLabel(role, productName), active: 0, inactive: 0, total: 0 }]),
  );
  for (const { role, active, count } of counts) {
    const key = roleOf(role);
    const row = key && rows.get(key);
    if (!row) continue;
    if (active) row.active += count;
    else row.inactive += count;
    row.total += count;
  }
  return [...rows.values()];
}
