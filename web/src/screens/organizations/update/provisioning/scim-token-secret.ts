import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { outcomeOfError, outcomeOfPayload, type MutationOutcome } from '../../../../components/mutation-outcome.js';
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
 * Runs createScimToken or rotateScimToken so that the token reaches the caller and nothing else: the
 * answer is not written to the cache at all ('no-cache'; the cache has no type policy that would null
 * ScimTokenSecret.token, as it has for a credential's secret), and the organization's token list is read
 * again from the gateway before the outcome is answered, so the list shows the new (and any replaced) token.
 */
export async function runScimTokenSecretMutation<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  organizationId: string,
  payloadOf: (data: TData | undefined) => SecretPayload | undefined,
  knownFields: readonly string[],
): Promise<MutationOutcome<NewScimToken>> {
  try {
    const result = await client.mutate<TData, TVariables>({
      mutation,
      variables,
      fetchPolicy: 'no-cache',
      refetchQueries: [{ query: OrganizationProvisioningDocument, variables: { id: organizationId } }],
      awaitRefetchQueries: true,
    } as Parameters<typeof client.mutate<TData, TVariables>>[0]);
    const payload = payloadOf(result.data ?? undefined);
    const secret = payload?.secret;
    const value = secret ? { label: secret.scimToken.label, token: secret.token, baseUrl: secret.baseUrl } : null;
    return outcomeOfPayload(payload, value, { prefix: '', knownFields });
  } catch (error) {
    return outcomeOfError(error);
  }
}
