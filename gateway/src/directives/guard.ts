import { getDirective } from '@graphql-tools/utils';
import type { GraphQLFieldConfig, GraphQLSchema } from 'graphql';
import { PERMISSIONS, type FeatureKey, type Permission } from '@meridian/schema';

export type Scope = 'NONE' | 'OWN_ORG' | 'SYSTEM_ROLE';

/** What a field needs, read from its directives (which schema/ prints from the operation table). */
export interface FieldGuard {
  typeName: string;
  fieldName: string;
  /** @requires; absent on fields that need only a signed-in caller (viewer, changePassword). */
  requires?: { any: Permission[]; scope: Scope; self: boolean; member: boolean };
  /** @feature's key. */
  feature?: FeatureKey;
  /** Arguments of the field that name the organization or user it acts on. */
  targetArguments: { organizationId: boolean; id: boolean; email: boolean };
}

const SCOPES: readonly Scope[] = ['NONE', 'OWN_ORG', 'SYSTEM_ROLE'];

function requiresOf(
  schema: GraphQLSchema,
  field: GraphQLFieldConfig<unknown, unknown>,
  where: string,
): FieldGuard['requires'] {
  const args = getDirective(schema, field, 'requires')?.[0] as
    { any?: unknown; scope?: unknown; self?: unknown; member?: unknown } | undefined;
  if (!args) return undefined;
  const any = Array.isArray(args.any) ? args.any : [];
  const unknown = any.filter((permission) => !(PERMISSIONS as readonly unknown[]).includes(permission));
  // A misspelt permission would deny everyone silently: refuse to start instead.
  if (unknown.length > 0) throw new Error(`@requires on ${where} names unknown permissions: ${unknown.join(', ')}`);
  const scope =
    typeof args.scope === 'string' && (SCOPES as readonly string[]).includes(args.scope)
      ? (args.scope as Scope)
      : 'NONE';
  return { any: any as Permission[], scope, self: args.self === true, member: args.member === true };
}

/**
 * The guard of a field, or null when it needs none: @public fields, and fields below the root without
 * a directive (reached only through a guarded root field). A root field without any directive needs a
 * signed-in caller: nothing is public unless it says so.
 */
export function guardOf(
  schema: GraphQLSchema,
  field: GraphQLFieldConfig<unknown, unknown>,
  typeName: string,
  fieldName: string,
): FieldGuard | null {
  if (getDirective(schema, field, 'public')?.[0]) return null;
  const where = `${typeName}.${fieldName}`;
  const requires = requiresOf(schema, field, where);
  const feature = (getDirective(schema, field, 'feature')?.[0] as { key?: FeatureKey } | undefined)?.key;
  const isRoot = typeName === schema.getQueryType()?.name || typeName === schema.getMutationType()?.name;
  if (!requires && !feature && !isRoot) return null;
  const args = field.args ?? {};
  return {
    typeName,
    fieldName,
    ...(requires ? { requires } : {}),
    ...(feature ? { feature } : {}),
    targetArguments: { organizationId: 'organizationId' in args, id: isRoot && 'id' in args, email: 'email' in args },
  };
}
