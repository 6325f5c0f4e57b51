import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { WEBHOOK_FIELDS, type WebhookTarget } from './useCreateWebhook.js';

const UpdateWebhookDocument = graphql(`
  mutation UpdateWebhook($input: UpdateWebhookInput!) {
    updateWebhook(input: $input) {
      webhook {
        id
        url
        events
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Changes an endpoint's URL and events; the answer updates it in the normalized cache. */
export function useUpdateWebhook(): [
  (organizationId: string, webhookId: string, target: WebhookTarget) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(UpdateWebhookDocument);
  const update = useCallback(
    (organizationId: string, webhookId: string, target: WebhookTarget) =>
      runMutation(
        () => mutate({ variables: { input: { organizationId, webhookId, url: target.url, events: target.events } } }),
        (result) => ({ payload: result.data?.updateWebhook, value: result.data?.updateWebhook.webhook }),
        { prefix: 'input', knownFields: WEBHOOK_FIELDS },
      ),
    [mutate],
  );
  return [update, { loading }];
}
