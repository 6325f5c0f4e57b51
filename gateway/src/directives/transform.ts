import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, type GraphQLError, type GraphQLSchema } from 'graphql';
import {
  actorOf,
  decideAccess,
  operationOfCall,
  type AccessDecision,
  type AccessFacts,
  type FeatureAvailability,
} from '@meridian/schema';
import type { GatewayContext } from '../context.js';
import { featureAvailability } from './features.js';
import { guardOf, type FieldGuard } from './guard.js';
import { featureUnavailable, forbidden, unauthenticated, userMissing } from './refusals.js';
import { targetEmailOf, targetOrganizations } from './targets.js';

/** The field's error for a refusal of the decision (the field resolves to null with it). */
function refusalError(decision: Exclude<AccessDecision, { allowed: true }>): GraphQLError {
  switch (decision.kind) {
    case 'unauthenticated':
      return unauthenticated();
    case 'userMissing':
      return userMissing();
    case 'featureUnavailable':
      return featureUnavailable(decision.feature);
    // The gateway sees another tenant's users only as invisible: FORBIDDEN, like any record out of reach.
    case 'notFound':
    case 'forbidden':
      return forbidden();
  }
}

/**
 * Asks schema's decideAccess about the call, gathering the facts it names as it names them: the
 * organizations acted on (a platform call when a user's email names them) and a feature's availability
 * per organization, so a rule settled earlier costs no REST call. Throws the field's refusal. Undefined
 * when the first decision allows the call: most do, and they then cost the resolver no promise.
 */
function enforce(
  guard: FieldGuard,
  source: unknown,
  args: Record<string, unknown>,
  context: GatewayContext,
): Promise<void> | undefined {
  const operation = operationOfCall(guard.typeName, guard.fieldName, args);
  // guardOf found the field's operation; refuse rather than pass should the table ever disagree.
  if (!operation) throw forbidden();
  const availability = new Map<string, FeatureAvailability>();
  const facts: AccessFacts = {
    targetEmail: targetEmailOf(guard, source, args),
    featureAvailability: (feature, organizationId) => availability.get(`${feature} ${organizationId}`),
  };
  const actor = context.caller && actorOf(context.caller);
  const decide = (known: AccessFacts) => {
    const decision = decideAccess(operation, actor, known);
    if (decision.allowed === false) throw refusalError(decision);
    return decision;
  };
  const first = decide(facts);
  if (first.allowed === true) return undefined;
  return (async () => {
    let known = facts;
    let decision: ReturnType<typeof decide> = first;
    while (decision.allowed !== true) {
      if (decision.needs === 'targets') {
        known = { ...known, targets: await targetOrganizations(guard, source, args, context) };
      } else {
        const { feature, organizationId } = decision;
        availability.set(`${feature} ${organizationId}`, await featureAvailability(context, organizationId, feature));
      }
      decision = decide(known);
    }
  })();
}

/**
 * The schema transform applying the operation table (printed on the contract as @public, @requires and
 * @feature) to every field it guards, so no resolver checks access itself. A refused field resolves to
 * null with UNAUTHENTICATED, FORBIDDEN ('You do not have permission to view that page.') or
 * FEATURE_UNAVAILABLE ('Customer has not licensed the product that enables this feature.').
 */
export function applyAccessDirectives(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (fieldConfig, fieldName, typeName) => {
      const guard = guardOf(schema, fieldConfig, typeName, fieldName);
      if (!guard) return fieldConfig;
      const resolve = fieldConfig.resolve ?? defaultFieldResolver;
      return {
        ...fieldConfig,
        resolve: (source, args: Record<string, unknown>, context: GatewayContext, info) => {
          const gathering = enforce(guard, source, args, context);
          if (!gathering) return resolve(source, args, context, info);
          return gathering.then(() => resolve(source, args, context, info));
        },
      };
    },
  });
}
