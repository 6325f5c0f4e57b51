import type { FeatureKey } from './features.js';
import { MESSAGES } from './messages.js';
import { OPERATIONS, type Operation, type OperationRequirement } from './operations.js';
import { checkPermission } from './permissions.js';
import { isSystemRole, type Role } from './roles.js';

/** Who asks: the signed-in user or internal tool. */
export interface Actor {
  role: Role;
  /** The actor's organization ('' when the platform has no record of the user). */
  organizationId: string;
  /** The user's email; absent for an internal tool (client credentials), which has no own record. */
  email?: string | undefined;
  /** The platform has no record of this user: signed-in operations answer USER_MISSING. */
  missingRecord?: boolean | undefined;
}

/**
 * The actor behind a verified token: a user's subject is their email; an internal tool (client
 * credentials) has no user record of its own, so no email and no `self`.
 */
export function actorOf(caller: {
  kind: 'user' | 'client';
  subject: string;
  role: Role;
  organizationId: string;
  missingRecord?: boolean | undefined;
}): Actor {
  return {
    role: caller.role,
    organizationId: caller.organizationId,
    email: caller.kind === 'user' ? caller.subject : undefined,
    missingRecord: caller.missingRecord,
  };
}

/** One organization an operation acts on. */
export interface TargetOrganization {
  /** null: one the actor cannot see (a user the platform would not show them); refused like another tenant's. */
  organizationId: string | null;
  /** The organization of the user record acted on: another tenant's answers as a missing user (404). */
  ofUser?: boolean;
}

/** Whether a feature is available to an organization; 'unknown': left to the party that can tell. */
export type FeatureAvailability = boolean | 'unknown';

/** The facts a decision reads, gathered by the caller (the async ones only when asked for, see FactNeeded). */
export interface AccessFacts {
  /** The email of the user record acted on: `self` operations reach one's own. */
  targetEmail?: string | undefined;
  /** The organizations acted on; empty when the operation names none. Undefined: not gathered yet. */
  targets?: readonly TargetOrganization[] | undefined;
  /** Looks up a feature's availability for an organization; undefined when not gathered yet. */
  featureAvailability?: (feature: FeatureKey, organizationId: string) => FeatureAvailability | undefined;
}

/** Facts of a caller that holds them all before asking (the console, the platform): never a FactNeeded. */
export interface CompleteAccessFacts extends AccessFacts {
  targets: readonly TargetOrganization[];
  featureAvailability: (feature: FeatureKey, organizationId: string) => FeatureAvailability;
}

export type RefusalKind = 'unauthenticated' | 'userMissing' | 'forbidden' | 'notFound' | 'featureUnavailable';

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; kind: Exclude<RefusalKind, 'featureUnavailable'>; message: string }
  | { allowed: false; kind: 'featureUnavailable'; message: string; feature: FeatureKey };

/** A fact the decision needs and was not given: gather it, add it to the facts and ask again. */
export type FactNeeded =
  | { allowed?: undefined; needs: 'targets' }
  | { allowed?: undefined; needs: 'feature'; feature: FeatureKey; organizationId: string };

const ALLOWED: AccessDecision = { allowed: true };

const MESSAGE_OF: Record<Exclude<RefusalKind, 'featureUnavailable'>, string> = {
  unauthenticated: MESSAGES.signInRequired,
  userMissing: MESSAGES.userMissing,
  forbidden: MESSAGES.permissionDenied,
  notFound: MESSAGES.userNotFound,
};

const refuse = (kind: Exclude<RefusalKind, 'featureUnavailable'>): AccessDecision => ({
  allowed: false,
  kind,
  message: MESSAGE_OF[kind],
});

/** Tenant scope: organization roles reach only their own organization, system roles every one. */
export function reachesOrganization(actor: Pick<Actor, 'role' | 'organizationId'>, organizationId: string): boolean {
  return isSystemRole(actor.role) || actor.organizationId === organizationId;
}

/**
 * Whether `actor` acts on their own user record through `operation`: a `self` operation naming their
 * own email (an internal tool has no record of its own). The platform asks it too, for the rules of
 * one's own record that need stored facts (direct data access of one's own credentials).
 */
export function actsOnOwnRecord(
  operation: Operation,
  actor: Pick<Actor, 'email'>,
  targetEmail: string | undefined,
): boolean {
  const requirement: OperationRequirement = OPERATIONS[operation];
  return (
    requirement.self === true &&
    actor.email !== undefined &&
    targetEmail !== undefined &&
    targetEmail.toLowerCase() === actor.email.toLowerCase()
  );
}

/** Why the targets are out of the actor's tenant scope, or null when every one is within it. */
function scopeRefusal(actor: Actor, targets: readonly TargetOrganization[]): AccessDecision | null {
  for (const target of targets) {
    if (target.organizationId === null) return refuse('forbidden');
    if (!reachesOrganization(actor, target.organizationId)) return refuse(target.ofUser ? 'notFound' : 'forbidden');
  }
  return null;
}

const NEEDS_TARGETS: FactNeeded = { needs: 'targets' };

/** The features the operation needs here, in order, each with the organizations it must be available to. */
function featureChecks(
  requirement: OperationRequirement,
  actor: Actor,
  self: boolean,
  targets: readonly TargetOrganization[],
): { feature: FeatureKey; organizations: (string | null)[] }[] {
  const checks: { feature: FeatureKey; organizations: (string | null)[] }[] = [];
  if (requirement.feature)
    checks.push({ feature: requirement.feature, organizations: targets.map((target) => target.organizationId) });
  if (self && requirement.selfFeature)
    checks.push({ feature: requirement.selfFeature, organizations: [actor.organizationId] });
  return checks;
}

/** The first feature unavailable to an organization, or the first availability not yet known. */
function featureRefusal(
  checks: { feature: FeatureKey; organizations: (string | null)[] }[],
  facts: AccessFacts,
): AccessDecision | FactNeeded | null {
  for (const { feature, organizations } of checks) {
    for (const organizationId of organizations) {
      if (organizationId === null) return refuse('forbidden');
      const available = facts.featureAvailability?.(feature, organizationId);
      if (available === undefined) return { needs: 'feature', feature, organizationId };
      if (available === false)
        return { allowed: false, kind: 'featureUnavailable', message: MESSAGES.featureUnavailable, feature };
    }
  }
  return null;
}

/**
 * The one permission decision (spec section 6, decisions.md "Permissions of each operation"): may
 * `actor` (null: anonymous) do `operation` with these facts? In order: public operations pass;
 * anonymous callers are unauthenticated; signed-in operations need a known user; then the permission
 * (or one's own record for `self`, one's own organization for `member`), the role for system-role
 * operations, the tenant scope (another tenant's user answers as missing: notFound), and last the
 * features of the organizations acted on.
 *
 * Synchronous and pure. A caller that gathers facts lazily (the gateway) passes what it has; when the
 * decision needs more it answers FactNeeded, in the order the rules read them, so nothing is fetched
 * that an earlier rule made moot.
 */
export function decideAccess(operation: Operation, actor: Actor | null, facts: CompleteAccessFacts): AccessDecision;
export function decideAccess(
  operation: Operation,
  actor: Actor | null,
  facts: AccessFacts,
): AccessDecision | FactNeeded;
export function decideAccess(
  operation: Operation,
  actor: Actor | null,
  facts: AccessFacts,
): AccessDecision | FactNeeded {
  const requirement: OperationRequirement = OPERATIONS[operation];
  if (requirement.access === 'public') return ALLOWED;
  if (!actor) return refuse('unauthenticated');
  if (requirement.access === 'signedIn') return actor.missingRecord ? refuse('userMissing') : ALLOWED;

  const { targets } = facts;
  const self = actsOnOwnRecord(operation, actor, facts.targetEmail);
  if (requirement.member && !targets) return NEEDS_TARGETS;
  // A member acting on their own organization (e.g. reading its features).
  const member =
    requirement.member === true &&
    targets !== undefined &&
    targets.length > 0 &&
    targets.every((target) => target.organizationId === actor.organizationId);
  const rule = requirement.self || requirement.member ? () => self || member : undefined;
  if (!checkPermission(actor.role, { any: requirement.any, rule }, undefined)) return refuse('forbidden');
  if (requirement.scope === 'systemRole' && !isSystemRole(actor.role)) return refuse('forbidden');
  if (requirement.scope === 'ownOrg' && !isSystemRole(actor.role) && !self) {
    if (!targets) return NEEDS_TARGETS;
    const refusal = scopeRefusal(actor, targets);
    if (refusal) return refusal;
  }
  if (requirement.feature && !targets) return NEEDS_TARGETS;
  return featureRefusal(featureChecks(requirement, actor, self, targets ?? []), facts) ?? ALLOWED;
}
