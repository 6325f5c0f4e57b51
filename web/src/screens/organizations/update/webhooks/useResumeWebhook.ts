import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const ResumeWebhookDocument = graphql(`
  mutation ResumeWebhook($organizationId: ID!, $webhookId: ID!) {
    resumeWebhook(organizationId: $organizationId, webhookId: $webhookId) {
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

/**
 * Sends again to a paused endpoint, the kept events first; the answer updates it in the normalized cache
 * (a failing endpoint's warning goes with it, from the section and the tab's title alike).
 */
export function useResumeWebhook(): [
  (organizationId: string, webhookId: string) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(ResumeWebhookDocument);
  const resume = useCallback(
    (organizationId: string, webhookId: string) =>
      runMutation(
        () => mutate({ variables: { organizationId, webhookId } }),
        (result) => ({ payload: result.data?.resumeWebhook, value: result.data?.resumeWebhook.webhook }),
        { prefix: '' },
      ),
    [mutate],
  );
  return [resume, { loading }];
}
