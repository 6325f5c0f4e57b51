import { OPERATIONS, type Operation } from './operations.js';

/**
 * Which operation of the table guards each GraphQL field ("Type.field"). Root fields are guarded by the
 * operation of the same name; these are the others.
 */
const NESTED_FIELD_OPERATIONS: Record<string, Operation> = {
  'Organization.users': 'users',
  'Organization.credentials': 'organizationCredentials',
  'Organization.features': 'features',
  'User.passwordResetMeta': 'passwordResetMeta',
};

export function operationOfField(typeName: string, fieldName: string): Operation | undefined {
  const nested = NESTED_FIELD_OPERATIONS[`${typeName}.${fieldName}`];
  if (nested) return nested;
  if ((typeName === 'Query' || typeName === 'Mutation') && fieldName in OPERATIONS) return fieldName as Operation;
  return undefined;
}
