import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import type { OrganizationWebhookDeliveriesQuery } from '../../../../gql/graphql.js';

const TestWebhookDocument = graphql(`
  mutation TestWebhook($organizationId: ID!, $webhookId: ID!) {
    testWebhook(organizationId: $organizationId, webhookId: $webhookId) {
      delivery {
        id
        status
        responseStatus
        latencyMs
        error
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** How a test event went: its status, the endpoint's HTTP status, the latency, or the error. */
export type TestDelivery = Pick<
  NonNullable<OrganizationWebhookDeliveriesQuery['organization']>['webhooks'][number]['deliveries'][number],
  'status' | 'responseStatus' | 'latencyMs' | 'error'
>;

/**
 * Sends a test event now; the endpoints (their state and pending count, which the sender changes
 * meanwhile) and an open delivery log are read again, so the card shows now and the log the test too.
 */
export function useTestWebhook(): [
  (organizationId: string, webhookId: string) => Promise<MutationOutcome<TestDelivery>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(TestWebhookDocument);
  const test = useCallback(
    (organizationId: string, webhookId: string) =>
      runMutation(
        () =>
          mutate({
            variables: { organizationId, webhookId },
            refetchQueries: ['OrganizationWebhooks', 'OrganizationWebhookDeliveries'],
          }),
        (result) => ({ payload: result.data?.testWebhook, value: result.data?.testWebhook.delivery }),
        { prefix: '' },
      ),
    [mutate],
  );
  return [test, { loading }];
}
