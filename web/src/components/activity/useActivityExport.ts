import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToasts } from '../toasts/useToasts.js';
import { useRuntimeConfig } from '../../config/runtime.js';
import { getFragmentData } from '../../gql/index.js';
import type { AuditEventFilter } from '../../gql/graphql.js';
import { downloadCsv } from '../../lib/download.js';
import { messageOfError } from '../mutation-outcome.js';
import { activityCsv, activityCsvFileName, collectAllEvents, EXPORT_CURSOR_MESSAGE } from './activity-csv.js';
import { ACTIVITY_EXPORT_PAGE_SIZE, ActivityExportQuery } from './activity-query.js';
import { ActivityEventFragment } from './ActivityEvent.js';
import { formatCount } from '../../lib/numbers.js';

export interface ActivityExport {
  /** Events fetched so far while an export runs; null when none runs. */
  progress: number | null;
  start: () => void;
}

/**
 * The CSV export of every event the filter matches, across all pages. Pages are fetched past the
 * cache ('no-cache'): an export of a million events must not end up in the persisted cache.
 */
export function useActivityExport(filter: AuditEventFilter, scope: string): ActivityExport {
  const client = useApolloClient();
  const { productName } = useRuntimeConfig();
  const toasts = useToasts();
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page stops an export between two pages.
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(() => {
    if (abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
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
    collectAllEvents(fetchPage, { onProgress: setProgress, signal: controller.signal })
      .then((events) => {
        downloadCsv(activityCsvFileName(scope), activityCsv(events, productName));
        toasts.show({
          type: 'success',
          message: `Exported ${formatCount(events.length)} ${events.length === 1 ? 'event' : 'events'}.`,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const reason =
          error instanceof Error && error.message === EXPORT_CURSOR_MESSAGE ? error.message : messageOfError(error);
        toasts.show({ type: 'error', message: `The export failed: ${reason}` });
      })
      .finally(() => {
        if (abort.current === controller) abort.current = null;
        setProgress(null);
      });
  }, [client, filter, scope, productName, toasts]);

  return { progress, start };
}
