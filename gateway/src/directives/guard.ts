import { getNamedType, isInputObjectType, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { OPERATIONS, operationOfField } from '@meridian/schema';

/** A field the operation table guards (the same mapping that prints its @requires and @feature). */
export interface FieldGuard {
  typeName: string;
  fieldName: string;
  isRoot: boolean;
  /**
   * Arguments of the field that name the organization or user it acts on; inputOrganizationId: the
   * organizationId field of its `input` object (createWebhook, updateWebhook).
   */
  targetArguments: { organizationId: boolean; id: boolean; email: boolean; inputOrganizationId: boolean };
}

/**
 * The guard of a field, or null when it needs none: public operations, and fields below the root the
 * table does not name (reached only through a guarded root field). Every root field must have an entry
 * in the operation table: nothing is reachable unless the table says who may reach it.
 */
export function guardOf(
  schema: GraphQLSchema,
  field: GraphQLFieldConfig<unknown, unknown>,
  typeName: string,
  fieldName: string,
): FieldGuard | null {
  const isRoot = typeName === schema.getQueryType()?.name || typeName === schema.getMutationType()?.name;
  const operation = operationOfField(typeName, fieldName);
  if (!operation) {
    if (isRoot)
      throw new Error(`${typeName}.${fieldName} has no entry in the operation table (schema/src/operations.ts)`);
    return null;
  }
  if (OPERATIONS[operation].access === 'public') return null;
  const args = field.args ?? {};
  const input = args.input ? getNamedType(args.input.type) : undefined;
  return {
    typeName,
    fieldName,
    isRoot,
    targetArguments: {
      organizationId: 'organizationId' in args,
      id: isRoot && 'id' in args,
      email: 'email' in args,
      inputOrganizationId: isInputObjectType(input) && 'organizationId' in input.getFields(),
    },
  };
}
