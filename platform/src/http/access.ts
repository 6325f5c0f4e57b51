import { MESSAGES, OPERATIONS, checkPermission, isSystemRole, type FeatureKey, type Operation } from '@meridian/schema';
import type { Principal } from './auth.js';
import { forbidden, HttpError, notFound } from './errors.js';

/** What an operation acts on, for tenant scope and "own record" checks. */
export interface Target {
  organizationId?: string;
  /** The target user's email; with `organizationId` the user's organization. */
  email?: string;
}

/**
 * Applies the operation table of schema/ to a caller: permission, then tenant scope. A user record of
 * another tenant answers as if it did not exist (404), so refusals reveal nothing.
 */
export function authorize(principal: Principal, operation: Operation, target: Target = {}): void {
  const requirement = OPERATIONS[operation];
  if (requirement.access !== 'permission') return;
  const isSelf =
    'self' in requirement && requirement.self && target.email !== undefined && target.email === principal.subject;
  if (isSelf) return;
  const isMember = 'member' in requirement && requirement.member && target.organizationId === principal.organizationId;
  if (isMember) return;
  const allowed = checkPermission(principal.role, { any: requirement.any }, principal, (message, error) =>
    console.error(message, error),
  );
  if (!allowed) throw forbidden();
  if (requirement.scope === 'systemRole' && !isSystemRole(principal.role)) throw forbidden();
  if (requirement.scope === 'ownOrg' && !isSystemRole(principal.role)) {
    if (target.organizationId !== undefined && target.organizationId !== principal.organizationId) {
      throw target.email !== undefined ? notFound('User') : forbidden();
    }
  }
}

/** Tenant scope alone: org roles reach only their own organization (the org id is not confirmed to exist). */
export function assertOwnOrganization(principal: Principal, organizationId: string): void {
  if (!isSystemRole(principal.role) && principal.organizationId !== organizationId) throw forbidden();
}

export const featureUnavailable = (feature: FeatureKey) =>
  new HttpError(403, { message: MESSAGES.featureUnavailable, feature });
