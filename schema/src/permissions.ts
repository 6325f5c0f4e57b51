import type { Role } from './roles.js';

/** Every permission of spec section 6. */
export const PERMISSIONS = [
  'admin:read',
  'analytics:read',
  'organizations:read',
  'organizations:create',
  'organization:read',
  'organization:update',
  'users:read',
  'users:create',
  'configurations:read',
  'configurations:write',
  'catalog:read',
  'catalog-version:read',
  'user:read-profile',
  'user:update-profile',
  'user:read-password-section',
  'user:read-password-reset-meta',
  'user:initiate-password-reset',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The role → permission table of spec section 6: the only copy, read by gateway, web and platform. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  systemAdmin: [
    'admin:read',
    'analytics:read',
    'organizations:read',
    'organizations:create',
    'organization:read',
    'organization:update',
    'users:read',
    'users:create',
    'configurations:read',
    'configurations:write',
    'catalog:read',
    'catalog-version:read',
    'user:read-profile',
    'user:update-profile',
    'user:read-password-section',
    'user:read-password-reset-meta',
    'user:initiate-password-reset',
  ],
  systemViewer: [
    'admin:read',
    'analytics:read',
    'organizations:read',
    'organization:read',
    'users:read',
    'configurations:read',
    'catalog:read',
    'catalog-version:read',
    'user:read-profile',
    'user:read-password-section',
    'user:read-password-reset-meta',
  ],
  orgAdmin: [
    'admin:read',
    'organization:read',
    'users:read',
    'users:create',
    'catalog:read',
    'catalog-version:read',
    'configurations:read',
    'configurations:write',
    'user:read-profile',
    'user:update-profile',
    'user:read-password-section',
    'user:read-password-reset-meta',
    'user:initiate-password-reset',
  ],
  orgUser: ['configurations:read', 'catalog:read', 'catalog-version:read', 'user:read-profile'],
};

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** A rule function may grant access where no listed permission does (spec section 6). */
export type PermissionRule<C> = (context: C) => boolean;

export interface PermissionRequirement<C = unknown> {
  /** Any one of these grants access. */
  any?: readonly Permission[];
  /** Grants access when it returns true; a rule that throws denies. */
  rule?: PermissionRule<C>;
}

export const PERMISSION_CHECK_FAILED = 'There was an issue checking user permissions.';

/**
 * The check of spec section 6: nothing required passes; a role holding no permission fails; otherwise
 * any required permission held passes, or the rule returning true. A rule that throws is denied and
 * logged with PERMISSION_CHECK_FAILED.
 */
export function checkPermission<C>(
  role: Role,
  requirement: PermissionRequirement<C> | undefined,
  context: C,
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): boolean {
  const required = requirement?.any ?? [];
  if (required.length === 0 && !requirement?.rule) return true;
  const held = ROLE_PERMISSIONS[role];
  if (held.length === 0) return false;
  if (required.some((permission) => held.includes(permission))) return true;
  if (!requirement?.rule) return false;
  try {
    return requirement.rule(context) === true;
  } catch (error) {
    log(PERMISSION_CHECK_FAILED, error);
    return false;
  }
}
