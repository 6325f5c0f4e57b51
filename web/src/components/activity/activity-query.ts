import { graphql } from '../../gql/index.js';

/** Events per page of the list; the CSV export asks for the gateway's largest page instead. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_EXPORT_PAGE_SIZE = 1000;

/** One page of the trail, newest first; "Load more" continues after `pageInfo.endCursor`. */
export const ActivityEventsQuery = graphql(`
  query ActivityEvents($filter: AuditEventFilter, $after: String, $first: Int) {
    auditEvents(filter: $filter, after: $after, first: $first) {
      nodes {
        id
        ...ActivityEvent_event
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

/**
 * The same events for the CSV export, which pages through all of them. Its own operation name, so the
 * gateway's logs and metrics tell an export's 1,000-event pages apart from the list's.
 */
export const ActivityExportQuery = graphql(`
  query ActivityExport($filter: AuditEventFilter, $after: String, $first: Int) {
    auditEvents(filter: $filter, after: $after, first: $first) {
      nodes {
        id
        ...ActivityEvent_event
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);
