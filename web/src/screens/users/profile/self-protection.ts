import {
  beyondGrantRefusal,
  deactivationRefusal,
  roleChangeRefusal,
  type Role,
  type UserFacts,
} from '@meridian/schema';

/** The signed-in user, as the rules see them. */
export interface Actor {
  email: string;
  role: Role;
}

/** A role's users sorted by role ascending list Org Admins first (orgAdmin < orgUser < system…). */
export interface RoleSortedRow {
  role: Role | null;
  active: boolean;
}

/**
 * How many active Org Admins an organization has, from the first page of its users sorted by role
 * (Org Admins first): exact when the page reaches past the Org Admins (or holds everyone); a lower
 * bound when it holds at least two (enough for the rules, which only ask "is this the last one?");
 * otherwise null (unknown: the gateway's refusal is the last word).
 */
export function activeOrgAdminsOf(rows: readonly RoleSortedRow[], total: number): number | null {
  let active = 0;
  let pastOrgAdmins = false;
  for (const row of rows) {
    if (row.role === 'orgAdmin') {
      if (row.active) active += 1;
    } else {
      pastOrgAdmins = true;
    }
  }
  if (pastOrgAdmins || rows.length >= total) return active;
  return active >= 2 ? active : null;
}

/** Without a count, only the rules about oneself apply (the gateway still refuses the last Org Admin). */
const countOrUnknown = (activeOrgAdmins: number | null) => activeOrgAdmins ?? Number.POSITIVE_INFINITY;

/**
 * Why the role of `target` cannot be changed at all, or null: one's own role, a role above the
 * actor's grant, or the last active Org Admin (schema's roleChangeRefusal, asked for a change away).
 */
export function roleControlRefusal(
  actor: Actor,
  target: UserFacts,
  activeOrgAdmins: number | null,
  productName: string,
): string | null {
  const otherRole: Role = target.role === 'orgUser' ? 'orgAdmin' : 'orgUser';
  const own = roleChangeRefusal(actor.email, target, otherRole, Number.POSITIVE_INFINITY);
  if (own) return own;
  return (
    beyondGrantRefusal(actor.role, target, productName, 'role') ??
    roleChangeRefusal(actor.email, target, otherRole, countOrUnknown(activeOrgAdmins))
  );
}

/**
 * Why `target` cannot be activated or deactivated, or null: oneself, a role above the actor's grant,
 * or the last active Org Admin (schema's deactivationRefusal).
 */
export function activeControlRefusal(
  actor: Actor,
  target: UserFacts,
  activeOrgAdmins: number | null,
  productName: string,
): string | null {
  const own = deactivationRefusal(actor.email, target, Number.POSITIVE_INFINITY);
  if (own) return own;
  return (
    beyondGrantRefusal(actor.role, target, productName, 'active') ??
    deactivationRefusal(actor.email, target, countOrUnknown(activeOrgAdmins))
  );
}

/** Whether the count of active Org Admins matters for `target` (an active Org Admin someone else edits). */
export function needsOrgAdminCount(actor: Actor, target: UserFacts): boolean {
  return target.role === 'orgAdmin' && target.active && actor.email !== target.email;
}
