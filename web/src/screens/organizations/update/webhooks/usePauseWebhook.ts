import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

// Both answer the endpoint's status fields: the normalized cache updates it wherever it is shown.
export const WebhookStatusFragment = graphql(`
  fragment WebhookStatus on Webhook {
    id
    status
    pausedReason
    pausedAt
    pendingCount
  }
`);

const PauseWebhookDocument = graphql(`
  mutation PauseWebhook($organizationId: ID!, $webhookId: ID!) {
    pauseWebhook(organizationId: $organizationId, webhookId: $webhookId) {
      webhook {
        id
        ...WebhookStatus
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
        ...WebhookStatus
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

type Move = (organizationId: string, webhookId: string) => Promise<MutationOutcome<{ id: string }>>;

/** A pause's or resume's answer as runMutation reads it: its refusals, and the endpoint it moved. */
function payloadAndWebhook<T extends { webhook?: { id: string } | null }>(payload: T | null | undefined) {
  return { payload, value: payload?.webhook ?? undefined };
}

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
        (result) => payloadAndWebhook(result.data?.pauseWebhook),
        { prefix: '' },
      ),
    [pauseMutation],
  );
  const resume = useCallback<Move>(
    (organizationId, webhookId) =>
      runMutation(
        () => resumeMutation({ variables: { organizationId, webhookId } }),
        (result) => payloadAndWebhook(result.data?.resumeWebhook),
        { prefix: '' },
      ),
    [resumeMutation],
  );
  return { pause, resume };
}
