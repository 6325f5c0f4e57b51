import { OPERATIONS, type Operation } from './operations.js';
import { ssoConnectionOperation } from './sso.js';

/**
 * Which operation of the table guards each GraphQL field ("Type.field"). Root fields are guarded by the
 * operation of the same name; these are the others.
 */
const NESTED_FIELD_OPERATIONS: Record<string, Operation> = {
  'Organization.users': 'users',
  'Organization.credentials': 'organizationCredentials',
  'Organization.features': 'features',
  'Organization.sso': 'organizationSso',
  'Organization.ssoServiceProvider': 'organizationSso',
  'Organization.signInImpact': 'organizationSignInImpact',
  'Organization.access': 'organizationAccess',
  'Organization.scimTokens': 'scimTokens',
  'Organization.scimBaseUrl': 'scimTokens',
  'Organization.webhooks': 'webhooks',
  'Webhook.deliveries': 'webhookDeliveries',
  'User.passwordResetMeta': 'passwordResetMeta',
  'User.mfa': 'userMfa',
  'User.sessions': 'userSessions',
};

export function operationOfField(typeName: string, fieldName: string): Operation | undefined {
  const nested = NESTED_FIELD_OPERATIONS[`${typeName}.${fieldName}`];
  if (nested) return nested;
  if ((typeName === 'Query' || typeName === 'Mutation') && fieldName in OPERATIONS) return fieldName as Operation;
  return undefined;
}

/** Fields whose operation changes when their organizationId argument is left out. */
const WITHOUT_ORGANIZATION: Record<string, Operation> = {
  // Every organization's users: system roles only.
  'Query.users': 'searchAllUsers',
};

/** Fields whose operation depends on what their input names (the platform asks the same functions). */
const BY_INPUT: Record<string, (args: Readonly<Record<string, unknown>>) => Operation> = {
  'Mutation.setOrganizationSso': (args) =>
    ssoConnectionOperation(args.input as Parameters<typeof ssoConnectionOperation>[0]),
};

/** The operation that guards one call of a field: operationOfField, with the arguments it was given. */
export function operationOfCall(
  typeName: string,
  fieldName: string,
  args: Readonly<Record<string, unknown>>,
): Operation | undefined {
  const withoutOrganization = WITHOUT_ORGANIZATION[`${typeName}.${fieldName}`];
  if (withoutOrganization && args.organizationId == null) return withoutOrganization;
  const byInput = BY_INPUT[`${typeName}.${fieldName}`];
  if (byInput) return byInput(args);
  return operationOfField(typeName, fieldName);
}
