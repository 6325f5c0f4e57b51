import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const PauseWebhookDocument = graphql(`
  mutation PauseWebhook($organizationId: ID!, $webhookId: ID!) {
    pauseWebhook(organizationId: $organizationId, webhookId: $webhookId) {
      webhook {
        id
        status
        pausedReason
        pausedAt
        pendingCount
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Stops sending to an endpoint (its events are kept); the answer updates it in the normalized cache. */
export function usePauseWebhook(): [
  (organizationId: string, webhookId: string) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(PauseWebhookDocument);
  const pause = useCallback(
    (organizationId: string, webhookId: string) =>
      runMutation(
        () => mutate({ variables: { organizationId, webhookId } }),
        (result) => ({ payload: result.data?.pauseWebhook, value: result.data?.pauseWebhook.webhook }),
        { prefix: '' },
      ),
    [mutate],
  );
  return [pause, { loading }];
}
