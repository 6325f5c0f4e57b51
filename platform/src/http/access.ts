import { actorOf, decideAccess, type AccessDecision, type CompleteAccessFacts, type Operation } from '@meridian/schema';
import type { Principal } from './auth.js';
import { NotFound } from '../domain/errors.js';
import { featureUnavailable, forbidden, unauthorized } from './errors.js';

/** What an operation acts on, for tenant scope and "own record" checks. */
export interface Target {
  organizationId?: string;
  /** The target user's email; with `organizationId` the user's organization. */
  email?: string;
}

function factsOf(target: Target): CompleteAccessFacts {
  return {
    targetEmail: target.email,
    targets:
      target.organizationId === undefined
        ? []
        : [{ organizationId: target.organizationId, ofUser: target.email !== undefined }],
    // The routes judge features against the database themselves (domain/features.ts assertFeature).
    featureAvailability: () => 'unknown',
  };
}

function refusalError(decision: Exclude<AccessDecision, { allowed: true }>): Error {
  switch (decision.kind) {
    case 'notFound':
      return new NotFound(decision.message);
    case 'featureUnavailable':
      return featureUnavailable(decision.feature);
    case 'unauthenticated':
      return unauthorized(decision.message);
    case 'userMissing':
    case 'forbidden':
      return forbidden(decision.message);
  }
}

/**
 * Applies schema's decideAccess to a caller: permission, then tenant scope. A user record of another
 * tenant answers as if it did not exist (404), so refusals reveal nothing.
 */
export function authorize(principal: Principal, operation: Operation, target: Target = {}): void {
  const decision = decideAccess(operation, actorOf(principal), factsOf(target));
  if (!decision.allowed) throw refusalError(decision);
}
