import { graphql } from '../../../../gql/index.js';

/**
 * The Webhooks tab's own read, apart from the update page's: only operators and the organization's admins
 * may read its endpoints (the table's webhooks). The tab's title reads it too, to warn of a failing one.
 */
export const OrganizationWebhooksDocument = graphql(`
  query OrganizationWebhooks($id: ID!) {
    organization(id: $id) {
      id
      name
      webhooks {
        id
        url
        events
        status
        pausedReason
        pausedAt
        createdAt
        createdBy
        pendingCount
      }
    }
  }
`);

/**
 * An endpoint's delivery log. The contract reaches deliveries through the organization's endpoints, so
 * this reads every endpoint's (at most WEBHOOKS_PER_ORGANIZATION), when a log is opened.
 */
export const OrganizationWebhookDeliveriesDocument = graphql(`
  query OrganizationWebhookDeliveries($id: ID!, $first: Int!) {
    organization(id: $id) {
      id
      webhooks {
        id
        deliveries(first: $first) {
          id
          messageId
          action
          test
          status
          attempts
          createdAt
          lastAttemptAt
          nextAttemptAt
          responseStatus
          error
          latencyMs
        }
      }
    }
  }
`);
