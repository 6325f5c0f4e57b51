import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
import { runWebhookSecretMutation, type NewWebhookSecret } from './webhook-secret.js';

const CreateWebhookDocument = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      webhook {
        id
        url
      }
      secret
      inputErrors {
        field
        message
      }
    }
  }
`);

/** The form keys a refusal may name (input.url, input.events). */
export const WEBHOOK_FIELDS = ['url', 'events'] as const;

/** What an endpoint's form sends: its URL, and its events (null: every event). */
export interface WebhookTarget {
  url: string;
  events: string[] | null;
}

/** Adds an endpoint; its signing secret comes back once, to the caller only (webhook-secret.ts). */
export function useCreateWebhook(): [
  (organizationId: string, target: WebhookTarget) => Promise<MutationOutcome<NewWebhookSecret>>,
  { loading: boolean },
] {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const create = useCallback(
    async (organizationId: string, target: WebhookTarget) => {
      setLoading(true);
      try {
        return await runWebhookSecretMutation(
          client,
          CreateWebhookDocument,
          { input: { organizationId, url: target.url, events: target.events } },
          organizationId,
          (data) => data?.createWebhook,
          { prefix: 'input', knownFields: WEBHOOK_FIELDS },
        );
      } finally {
        setLoading(false);
      }
    },
    [client],
  );
  return [create, { loading }];
}
