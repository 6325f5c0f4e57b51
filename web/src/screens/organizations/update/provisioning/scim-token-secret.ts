import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { runUncachedSecretMutation } from '../../../../apollo/secret-mutation.js';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
import { OrganizationProvisioningDocument } from './provisioning-query.js';

/** A token just created or rotated: held by the section that shows it once, never in the cache. */
export interface NewScimToken {
  label: string;
  token: string;
  baseUrl: string;
}

interface SecretPayload {
  secret?: { token: string; baseUrl: string; scimToken: { label: string } } | null;
  inputErrors: readonly { field?: string | null; message: string }[];
}

/**
 * Runs createScimToken or rotateScimToken: the token reaches the caller only, and the organization's
 * token list is read again so it shows the new (and any replaced) token (apollo/secret-mutation.ts).
 */
export function runScimTokenSecretMutation<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  organizationId: string,
  payloadOf: (data: TData | undefined) => SecretPayload | null | undefined,
  knownFields: readonly string[],
): Promise<MutationOutcome<NewScimToken>> {
  return runUncachedSecretMutation(client, mutation, variables, {
    refetch: { query: OrganizationProvisioningDocument, variables: { id: organizationId } },
    payloadOf,
    valueOf: ({ secret }) =>
      secret ? { label: secret.scimToken.label, token: secret.token, baseUrl: secret.baseUrl } : null,
    prefix: '',
    knownFields,
  });
}
