import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

// Both answer the endpoint's status fields: the normalized cache updates it wherever it is shown.
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

type Move = (organizationId: string, webhookId: string) => Promise<MutationOutcome<{ id: string }>>;

/**
 * Pause stops sending to an endpoint (its events are kept); resume sends again, the kept events first.
 * Each answer updates the endpoint in the normalized cache (a failing endpoint's warning goes with it,
 * from the section and the tab's title alike).
 */
export function usePauseWebhook(): { pause: Move; resume: Move } {
  const [pauseMutation] = useMutation(PauseWebhookDocument);
  const [resumeMutation] = useMutation(ResumeWebhookDocument);
  const pause = useCallback<Move>(
    (organizationId, webhookId) =>
      runMutation(
        () => pauseMutation({ variables: { organizationId, webhookId } }),
        (result) => {
          const payload = result.data?.pauseWebhook;
          return { payload, value: payload?.webhook ?? undefined };
        },
        { prefix: '' },
      ),
    [pauseMutation],
  );
  const resume = useCallback<Move>(
    (organizationId, webhookId) =>
      runMutation(
        () => resumeMutation({ variables: { organizationId, webhookId } }),
        (result) => {
          const payload = result.data?.resumeWebhook;
          return { payload, value: payload?.webhook ?? undefined };
        },
        { prefix: '' },
      ),
    [resumeMutation],
  );
  return { pause, resume };
}
