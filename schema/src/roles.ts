/** Roles travel as these keys everywhere: REST, GraphQL (upper snake case), tokens. */
export const ROLES = ['systemAdmin', 'systemViewer', 'orgAdmin', 'orgUser'] as const;
export type Role = (typeof ROLES)[number];

/** The role of a user whose record names none (spec section 3). */
export const DEFAULT_ROLE: Role = 'orgUser';

/** Roles that reach every organization. */
export const SYSTEM_ROLES: readonly Role[] = ['systemAdmin', 'systemViewer'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isSystemRole(role: Role): boolean {
  return SYSTEM_ROLES.includes(role);
}

/** Display label; the product name is configuration (decisions.md). */
export function roleLabel(role: Role, productName: string): string {
  switch (role) {
    case 'systemAdmin':
      return `${productName} Admin`;
    case 'systemViewer':
      return `${productName} Viewer`;
    case 'orgAdmin':
      return 'Org Admin';
    case 'orgUser':
      return 'Org User';
  }
}

/** The roles a user of `granter` role may give to others (decisions.md: orgAdmin grants only org roles). */
export function grantableRoles(granter: Role): Role[] {
  switch (granter) {
    case 'systemAdmin':
      return [...ROLES];
    case 'orgAdmin':
      return ['orgAdmin', 'orgUser'];
    default:
      return [];
  }
}

/**
 * Why `granter` may not give `role`, or null. One wording for the platform's refusal (the service
 * that creates or updates the user) and the console's.
 */
export function roleGrantRefusal(granter: Role, role: Role, productName: string): string | null {
  const grantable = grantableRoles(granter);
  if (grantable.includes(role)) return null;
  if (grantable.length === 0) return 'You cannot grant roles.';
  return `You can grant only these roles: ${grantable.map((each) => roleLabel(each, productName)).join(', ')}.`;
}

/**
 * Why `granter` may not change the role (or the active state) of a user who holds a role above their
 * grant (a system admin, to an Org Admin of the operators' organization), or null. One wording for
 * the platform and the console.
 */
export function beyondGrantRefusal(
  granter: Role,
  target: { role: Role; active: boolean },
  productName: string,
  change: 'role' | 'active',
): string | null {
  if (grantableRoles(granter).includes(target.role)) return null;
  const label = roleLabel(target.role, productName);
  return change === 'role'
    ? `You cannot change the role of a ${label}.`
    : `You cannot ${target.active ? 'deactivate' : 'activate'} a ${label}.`;
}

/** GraphQL enum value of a role key: systemAdmin → SYSTEM_ADMIN. */
export function roleToEnum(role: Role): string {
  return role.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}

/** Role key of a GraphQL enum value: SYSTEM_ADMIN → systemAdmin. */
export function roleFromEnum(value: string): Role | undefined {
  const key = value.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return isRole(key) ? key : undefined;
}

/** The operators' own organization: the one named like the product (decisions.md). */
export function isOperatorsOrganization(organizationName: string, productName: string): boolean {
  return organizationName === productName;
}

/**
 * Why `role` cannot be held in an organization named `organizationName`, or null. System roles reach
 * every organization, so only users of the operators' own organization may hold them.
 */
export function roleInOrganizationRefusal(role: Role, organizationName: string, productName: string): string | null {
  if (!isSystemRole(role) || isOperatorsOrganization(organizationName, productName)) return null;
  return `${roleLabel(role, productName)} reaches every organization, so it is only for users of the ${productName} organization.`;
}

/** The roles a `granter` may give to a user of the organization named `organizationName`. */
export function grantableRolesIn(granter: Role, organizationName: string, productName: string): Role[] {
  return grantableRoles(granter).filter((role) => !roleInOrganizationRefusal(role, organizationName, productName));
}
