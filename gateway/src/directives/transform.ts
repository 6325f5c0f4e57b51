import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import {
  OPERATIONS,
  OWN_CREDENTIAL_FEATURE,
  isSystemRole,
  operationOfField,
  type FeatureKey,
  type Operation,
  type Permission,
} from '@meridian/schema';
import type { Caller, GatewayContext } from '../context.js';
import { featureAvailability } from './features.js';
import { guardOf, type FieldGuard, type Scope } from './guard.js';
import { permitted } from './permission.js';
import { featureUnavailable, forbidden, unauthenticated, userMissing } from './refusals.js';
import { targetOrganizations } from './targets.js';

interface Requirement {
  any: readonly Permission[];
  scope: Scope;
  self: boolean;
  member: boolean;
}

const SCOPE_OF = { none: 'NONE', ownOrg: 'OWN_ORG', systemRole: 'SYSTEM_ROLE' } as const;

/** Fields whose requirement changes when their organization argument is left out (the table's searchAllUsers). */
const WITHOUT_ORGANIZATION: Record<string, Operation> = { 'Query.users': 'searchAllUsers' };

/** A user's own data-access credentials also need the data-access-management feature (decisions.md). */
const SELF_FEATURES: Partial<Record<Operation, FeatureKey>> = {
  createUserCredential: OWN_CREDENTIAL_FEATURE,
  disableUserCredential: OWN_CREDENTIAL_FEATURE,
};

function requirementOf(guard: FieldGuard, args: Record<string, unknown>): Requirement | undefined {
  const fallback = WITHOUT_ORGANIZATION[`${guard.typeName}.${guard.fieldName}`];
  if (fallback && args.organizationId == null) {
    const operation = OPERATIONS[fallback];
    return {
      any: ('any' in operation ? operation.any : undefined) ?? [],
      scope: SCOPE_OF[operation.scope],
      self: false,
      member: false,
    };
  }
  return guard.requires;
}

const isSelf = (caller: Caller, args: Record<string, unknown>) =>
  caller.kind === 'user' && typeof args.email === 'string' && args.email.toLowerCase() === caller.subject;

/** Applies a field's guard to the caller; throws the field's refusal. */
async function enforce(
  guard: FieldGuard,
  source: unknown,
  args: Record<string, unknown>,
  context: GatewayContext,
): Promise<void> {
  const { caller } = context;
  if (!caller) throw unauthenticated();
  const requirement = requirementOf(guard, args);
  // Signed-in fields (viewer, changePassword) of a user the platform does not know.
  if (!requirement && !guard.feature && caller.missingRecord) throw userMissing();

  const self = requirement?.self === true && isSelf(caller, args);
  let targets: (string | null)[] | undefined;
  const targetsOnce = async () => (targets ??= await targetOrganizations(guard, source, args, context));

  // A member acting on their own organization (the table's `member`, e.g. reading its features).
  const member =
    requirement?.member === true &&
    (await targetsOnce()).every((organization) => organization === caller.organizationId);
  if (requirement) {
    const rule = requirement.self || requirement.member ? () => self || member : undefined;
    if (!permitted(caller.role, requirement.any, rule, context.log)) throw forbidden();
    if (requirement.scope === 'SYSTEM_ROLE' && !isSystemRole(caller.role)) throw forbidden();
    if (requirement.scope === 'OWN_ORG' && !isSystemRole(caller.role) && !self) {
      const organizations = await targetsOnce();
      // Another tenant's record and a missing one are refused alike.
      if (organizations.some((organization) => organization === null || organization !== caller.organizationId)) {
        throw forbidden();
      }
    }
  }

  const features: { key: FeatureKey; organizations: (string | null)[] }[] = [];
  if (guard.feature) features.push({ key: guard.feature, organizations: await targetsOnce() });
  const operation = operationOfField(guard.typeName, guard.fieldName);
  const selfFeature = operation && self ? SELF_FEATURES[operation] : undefined;
  if (selfFeature) features.push({ key: selfFeature, organizations: [caller.organizationId] });
  for (const { key, organizations } of features) {
    for (const organization of organizations) {
      if (organization === null) throw forbidden();
      if ((await featureAvailability(context, organization, key)) === false) throw featureUnavailable(key);
    }
  }
}

/**
 * The schema transform applying @public, @requires and @feature (printed from the operation table) to
 * every field carrying them, so no resolver checks access itself. A refused field resolves to null
 * with UNAUTHENTICATED, FORBIDDEN ('You do not have permission to view that page.') or
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
        resolve: async (source, args: Record<string, unknown>, context: GatewayContext, info) => {
          await enforce(guard, source, args, context);
          return resolve(source, args, context, info);
        },
      };
    },
  });
}
