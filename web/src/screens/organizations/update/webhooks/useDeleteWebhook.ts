import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { OrganizationWebhooksDocument } from './webhooks-query.js';

const DeleteWebhookDocument = graphql(`
  mutation DeleteWebhook($organizationId: ID!, $webhookId: ID!) {
    deleteWebhook(organizationId: $organizationId, webhookId: $webhookId) {
      webhook {
        id
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Removes an endpoint; the organization's endpoints are read again, so the list no longer shows it. */
export function useDeleteWebhook(): [
  (organizationId: string, webhookId: string) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(DeleteWebhookDocument);
  const remove = useCallback(
    (organizationId: string, webhookId: string) =>
      runMutation(
        () =>
          mutate({
            variables: { organizationId, webhookId },
            refetchQueries: [{ query: OrganizationWebhooksDocument, variables: { id: organizationId } }],
            awaitRefetchQueries: true,
          }),
        (result) => ({ payload: result.data?.deleteWebhook, value: result.data?.deleteWebhook.webhook }),
        { prefix: '' },
      ),
    [mutate],
  );
  return [remove, { loading }];
}
