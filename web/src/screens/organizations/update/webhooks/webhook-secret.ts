import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { runUncachedSecretMutation } from '../../../../apollo/secret-mutation.js';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
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
 * Runs createWebhook or rotateWebhookSecret: the secret reaches the caller only, and the organization's
 * endpoints are read again so the list shows the new one (apollo/secret-mutation.ts).
 */
export function runWebhookSecretMutation<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  organizationId: string,
  payloadOf: (data: TData | undefined) => SecretPayload | null | undefined,
  options: { prefix: string; knownFields: readonly string[] },
): Promise<MutationOutcome<NewWebhookSecret>> {
  return runUncachedSecretMutation(client, mutation, variables, {
    refetch: { query: OrganizationWebhooksDocument, variables: { id: organizationId } },
    payloadOf,
    valueOf: ({ webhook, secret }) => (webhook && secret ? { url: webhook.url, secret } : null),
    ...options,
  });
}
