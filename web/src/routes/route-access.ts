import { reachesOrganization, type Operation } from '@meridian/schema';
import { mayDo, type AccessUser } from '../session/access.js';

export type { AccessUser } from '../session/access.js';

/** The path parameters a requirement may look at. */
export interface RouteParams {
  orgId?: string | undefined;
  email?: string | undefined;
}

/** What a protected route needs (spec section 2's table, decisions.md's operation table). */
export interface RouteRequirement {
  /** Operations of the table the page stands for: each must be allowed for the path's organization and user. */
  operations: readonly Operation[];
  /** The path's organization must be one the user reaches, even on their own profile. */
  ownOrganization?: boolean;
}

/** The requirement of every protected route, by route id. /admin pages need the table's adminArea. */
export const ROUTE_REQUIREMENTS = {
  home: { operations: [] },
  sandbox: { operations: [] },
  managedProviders: { operations: ['providerLinks'], ownOrganization: true },
  managedProvidersEdit: { operations: ['upsertProviderLinks'], ownOrganization: true },
  organizations: { operations: ['adminArea', 'organizations'] },
  createOrganization: { operations: ['adminArea', 'createOrganization'] },
  organizationUpdate: { operations: ['adminArea', 'organization'], ownOrganization: true },
  organizationUsers: { operations: ['adminArea'], ownOrganization: true },
  createUser: { operations: ['adminArea', 'createUser'], ownOrganization: true },
  /** Anyone reaches their own profile (the table's `self`); others need users:read. */
  userProfile: { operations: ['user'], ownOrganization: true },
  analytics: { operations: ['analyticsSummary'] },
  /** The audit trail: as the gateway's auditEvents (an Org Admin reads their own organization's). */
  activity: { operations: ['adminArea', 'auditEvents'] },
} as const satisfies Record<string, RouteRequirement>;

export type RouteId = keyof typeof ROUTE_REQUIREMENTS;

/** Whether the user's role, organization and features let them open the route (guard step 2). */
export function canAccess(user: AccessUser, requirement: RouteRequirement, params: RouteParams = {}): boolean {
  const target = { organizationId: params.orgId, email: params.email };
  if (!requirement.operations.every((operation) => mayDo(user, operation, target))) return false;
  return !requirement.ownOrganization || params.orgId === undefined || reachesOrganization(user, params.orgId);
}

export function canAccessRoute(user: AccessUser, routeId: RouteId, params: RouteParams = {}): boolean {
  return canAccess(user, ROUTE_REQUIREMENTS[routeId], params);
}
