import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
import { runWebhookSecretMutation, type NewWebhookSecret } from './webhook-secret.js';

const RotateWebhookSecretDocument = graphql(`
  mutation RotateWebhookSecret($organizationId: ID!, $webhookId: ID!) {
    rotateWebhookSecret(organizationId: $organizationId, webhookId: $webhookId) {
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

/** Replaces an endpoint's signing secret (the old one signs for 24 hours more); the new one comes back once. */
export function useRotateWebhookSecret(): [
  (organizationId: string, webhookId: string) => Promise<MutationOutcome<NewWebhookSecret>>,
  { loading: boolean },
] {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const rotate = useCallback(
    async (organizationId: string, webhookId: string) => {
      setLoading(true);
      try {
        return await runWebhookSecretMutation(
          client,
          RotateWebhookSecretDocument,
          { organizationId, webhookId },
          organizationId,
          (data) => data?.rotateWebhookSecret,
          { prefix: '', knownFields: [] },
        );
      } finally {
        setLoading(false);
      }
    },
    [client],
  );
  return [rotate, { loading }];
}
