import { useApolloClient } from '@apollo/client/react';
import { useRuntimeConfig } from '../../config/runtime.js';
import { getFragmentData } from '../../gql/index.js';
import type { AuditEventFilter } from '../../gql/graphql.js';
import { useListExport, type ListExport } from '../useListExport.js';
import { activityCsv, activityCsvFileName, collectAllEvents } from './activity-csv.js';
import { ACTIVITY_EXPORT_PAGE_SIZE, ActivityExportQuery } from './activity-query.js';
import { ActivityEventFragment } from './ActivityEvent.js';

const EVENTS = { one: 'event', many: 'events' };

/**
 * The CSV export of every event the filter matches, across all pages. Pages are fetched past the
 * cache ('no-cache'): an export of a million events must not end up in the persisted cache.
 */
export function useActivityExport(filter: AuditEventFilter, scope: string): ListExport {
  const client = useApolloClient();
  const { productName } = useRuntimeConfig();
  return useListExport(async (options) => {
    const fetchPage = async (after: string | null) => {
      const { data } = await client.query({
        query: ActivityExportQuery,
        variables: { filter, after, first: ACTIVITY_EXPORT_PAGE_SIZE },
        fetchPolicy: 'no-cache',
      });
      // An error throws (the default error policy), so an answer always has its connection.
      const connection = data!.auditEvents;
      return {
        events: connection.nodes.map((node) => getFragmentData(ActivityEventFragment, node)),
        endCursor: connection.pageInfo.endCursor ?? null,
        hasNextPage: connection.pageInfo.hasNextPage,
      };
    };
    const events = await collectAllEvents(fetchPage, options);
    return { fileName: activityCsvFileName(scope), csv: activityCsv(events, productName), count: events.length };
  }, EVENTS);
}
