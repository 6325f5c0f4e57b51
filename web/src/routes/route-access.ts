import {
  checkPermission,
  isSystemRole,
  type FeatureKey,
  type PermissionRequirement,
  type Role,
} from '@meridian/schema';

/** What route guards and the navigation need to know about the signed-in user. */
export interface AccessUser {
  email: string;
  role: Role;
  organizationId: string;
  /** Features available to the user's organization (Feature.isAvailable by key). */
  features: Partial<Record<FeatureKey, boolean>>;
}

/** The path parameters a requirement may look at. */
export interface RouteParams {
  orgId?: string | undefined;
  email?: string | undefined;
}

export interface AccessContext {
  user: AccessUser;
  params: RouteParams;
}

/** What a protected route needs (spec section 2's table, decisions.md's operation table). */
export interface RouteRequirement {
  /** Every entry must pass, each by schema's checkPermission (a nested route adds its parent's entry). */
  permissions: readonly PermissionRequirement<AccessContext>[];
  /** A feature that must be available to the user's organization. */
  feature?: FeatureKey;
  /** Org roles reach only their own organization's pages (system roles reach every one). */
  ownOrganization?: boolean;
}

/** A user always reaches their own profile pages, whatever their role (decisions.md). */
export function isOwnProfile({ user, params }: AccessContext): boolean {
  return params.email !== undefined && params.email.toLowerCase() === user.email.toLowerCase();
}

const MANAGED_PROVIDERS: FeatureKey = 'feature:managed-providers';
/** /admin needs admin:read (spec section 2). */
const adminArea: PermissionRequirement<AccessContext> = { any: ['admin:read'] };

/** The requirement of every protected route, by route id. */
export const ROUTE_REQUIREMENTS = {
  home: { permissions: [] },
  sandbox: { permissions: [] },
  managedProviders: {
    permissions: [{ any: ['configurations:read'] }],
    feature: MANAGED_PROVIDERS,
    ownOrganization: true,
  },
  managedProvidersEdit: {
    permissions: [{ any: ['configurations:write'] }],
    feature: MANAGED_PROVIDERS,
    ownOrganization: true,
  },
  organizations: { permissions: [adminArea, { any: ['organizations:read'] }] },
  createOrganization: { permissions: [adminArea, { any: ['organizations:create'] }] },
  organizationUpdate: { permissions: [adminArea, { any: ['organization:read'] }], ownOrganization: true },
  organizationUsers: { permissions: [adminArea], ownOrganization: true },
  createUser: { permissions: [adminArea, { any: ['users:create'] }], ownOrganization: true },
  userProfile: {
    permissions: [
      { any: ['admin:read'], rule: isOwnProfile },
      { any: ['user:read-profile'], rule: isOwnProfile },
    ],
    ownOrganization: true,
  },
  analytics: { permissions: [{ any: ['analytics:read'] }] },
  /** The audit trail: admin:read, as the gateway's auditEvents (an Org Admin reads their own organization's). */
  activity: { permissions: [adminArea] },
} as const satisfies Record<string, RouteRequirement>;

export type RouteId = keyof typeof ROUTE_REQUIREMENTS;

/** Whether the user's role, organization and features let them open the route (guard step 2). */
export function canAccess(user: AccessUser, requirement: RouteRequirement, params: RouteParams = {}): boolean {
  const context: AccessContext = { user, params };
  if (!requirement.permissions.every((entry) => checkPermission(user.role, entry, context))) return false;
  if (requirement.feature && user.features[requirement.feature] !== true) return false;
  if (requirement.ownOrganization && !isSystemRole(user.role) && params.orgId !== undefined) {
    return params.orgId === user.organizationId;
  }
  return true;
}

export function canAccessRoute(user: AccessUser, routeId: RouteId, params: RouteParams = {}): boolean {
  return canAccess(user, ROUTE_REQUIREMENTS[routeId], params);
}
