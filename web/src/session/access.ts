import { decideAccess, type AccessDecision, type FeatureKey, type Operation, type Role } from '@meridian/schema';

/** What the console's guards know about the signed-in user (a SessionUser is one). */
export interface AccessUser {
  email: string;
  role: Role;
  organizationId: string;
  /** Features available to the user's organization (Feature.isAvailable by key). */
  features: Partial<Record<FeatureKey, boolean>>;
}

/** What an operation acts on, as the page knows it: an organization, a user (of that organization). */
export interface AccessTarget {
  organizationId?: string | undefined;
  email?: string | undefined;
}

/**
 * schema's decideAccess with what the console knows. The console knows only its own organization's
 * features (the session's) and judges every page by them; the gateway judges the organization acted on.
 */
export function accessDecision(
  user: AccessUser | null,
  operation: Operation,
  target: AccessTarget = {},
): AccessDecision {
  const actor = user && { role: user.role, organizationId: user.organizationId, email: user.email };
  return decideAccess(operation, actor, {
    targetEmail: target.email,
    targets:
      target.organizationId === undefined
        ? []
        : [{ organizationId: target.organizationId, ofUser: target.email !== undefined }],
    featureAvailability: (feature) => user?.features[feature] === true,
  });
}

/** Whether the user (null: nobody signed in) may do `operation` to `target`. */
export function mayDo(user: AccessUser | null, operation: Operation, target: AccessTarget = {}): boolean {
  return accessDecision(user, operation, target).allowed;
}
