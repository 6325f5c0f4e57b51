import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { outcomeOfPayload, outcomeOfError, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { OrganizationWebhooksDocument } from './webhooks-query.js';

/** An endpoint's signing secret just made: held by the section that shows it once, never in the cache. */
export interface NewWebhookSecret {
  url: string;
  secret: string;
}

interface SecretPayload {
  webhook?: { url: string } | null;
  secret?: string | null;
  inputErrors: readonly { field?: string | null; message: string }[];
}

/**
 * Runs createWebhook or rotateWebhookSecret so that the secret reaches the caller and nothing else, as
 * SCIM tokens do (provisioning/scim-token-secret.ts): the answer is not written to the cache at all
 * ('no-cache'), so it never reaches the cache persisted to storage, and the organization's endpoints are
 * read again from the gateway before the outcome is answered, so the list shows the new one.
 */
export async function runWebhookSecretMutation<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  organizationId: string,
  payloadOf: (data: TData | undefined) => SecretPayload | undefined,
  options: { prefix: string; knownFields: readonly string[] },
): Promise<MutationOutcome<NewWebhookSecret>> {
  try {
    const result = await client.mutate<TData, TVariables>({
      mutation,
      variables,
      fetchPolicy: 'no-cache',
      refetchQueries: [{ query: OrganizationWebhooksDocument, variables: { id: organizationId } }],
      awaitRefetchQueries: true,
    } as Parameters<typeof client.mutate<TData, TVariables>>[0]);
    const payload = payloadOf(result.data ?? undefined);
    const value = payload?.webhook && payload.secret ? { url: payload.webhook.url, secret: payload.secret } : null;
    return outcomeOfPayload(payload, value, options);
  } catch (error) {
    return outcomeOfError(error);
  }
}
