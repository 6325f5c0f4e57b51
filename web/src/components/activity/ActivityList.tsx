import { Button, Callout, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { CollapseAllIcon, ExpandAllIcon, HistoryIcon, RefreshIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { useRuntimeConfig } from '../../config/runtime.js';
import { messageOfError } from '../mutation-outcome.js';
import {
  activityFilterParams,
  gatewayFilter,
  hasActiveFilter,
  parseActivityFilter,
  type ActivityFilter,
  type ActivityFilterKey,
} from './activity-filters.js';
import { ACTIVITY_PAGE_SIZE, ActivityEventsQuery } from './activity-query.js';
import { ActivityEvent, ActivityEventSkeleton } from './ActivityEvent.js';
import { ActivityFiltersForm } from './ActivityFiltersForm.js';
import { useActivityExport } from './useActivityExport.js';
import { ExportButton } from '../ExportButton.js';
import './activity.css';
import { formatCount } from '../../lib/numbers.js';

export interface ActivityListProps {
  /** Filters the page fixes, laid over the URL's and not shown (an organization's or a user's tab). */
  fixed?: Partial<ActivityFilter>;
  /** Further filters not offered here (a user's tab has no use for an organization filter). */
  hiddenFilters?: readonly ActivityFilterKey[];
  /** What the export's file name says it holds (an organization id, an email, "all"). */
  exportScope: string;
}

const SKELETON_EVENTS = 4;

/**
 * The audit trail, newest first: filters in the URL (linkable; the back button undoes one), a page of
 * 50 and "Load more" after the last event's cursor, each event one line in words that opens to its
 * facts and before/after diff, and a CSV export of everything the filters match. A trail grows while
 * it is read, so it is never served from the cache alone: every filter applied, even the same one
 * again, and Refresh ask the gateway (issue 39: a failed sign-in appeared only after a reload).
 */
export function ActivityList({ fixed = {}, hiddenFilters = [], exportScope }: ActivityListProps) {
  const { productName } = useRuntimeConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseActivityFilter(searchParams);
  // The query is keyed by its variables' text, so a filter rebuilt each render asks nothing again.
  const variablesFilter = gatewayFilter(filter, fixed);
  const hidden = new Set<ActivityFilterKey>([...(Object.keys(fixed) as ActivityFilterKey[]), ...hiddenFilters]);
  const { data, loading, error, refetch, fetchMore } = useFreshQuery(ActivityEventsQuery, {
    variables: { filter: variablesFilter, after: null, first: ACTIVITY_PAGE_SIZE },
    notifyOnNetworkStatusChange: false,
    // Never fresh: what the cache holds is shown at once, and the gateway is asked all the same.
    staleTimeMs: 0,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const exporter = useActivityExport(variablesFilter, exportScope);

  /** The newest events of the filters shown, from the gateway (the first page again). */
  const refresh = () => {
    setRefreshing(true);
    setMoreError(null);
    refetch()
      .catch((failure: unknown) => setMoreError(`The events could not be refreshed: ${messageOfError(failure)}`))
      .finally(() => setRefreshing(false));
  };

  const changeFilter = (next: ActivityFilter) => {
    setMoreError(null);
    const params = activityFilterParams(next, searchParams);
    // The same filters applied again are a request for what happened since: the URL alone would not ask.
    if (params.toString() === searchParams.toString()) refresh();
    else setSearchParams(params);
  };

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const connection = data?.auditEvents;
  const allOpen = connection !== undefined && connection.nodes.every((node) => expanded.has(node.id));
  const loadMore = () => {
    if (!connection?.pageInfo.endCursor) return;
    setLoadingMore(true);
    setMoreError(null);
    fetchMore({
      variables: { after: connection.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...fetchMoreResult,
        auditEvents: {
          ...fetchMoreResult.auditEvents,
          nodes: [...(previous.auditEvents?.nodes ?? []), ...fetchMoreResult.auditEvents.nodes],
        },
      }),
    })
      .catch((failure: unknown) => setMoreError(`More events could not be loaded: ${messageOfError(failure)}`))
      .finally(() => setLoadingMore(false));
  };

  let body;
  if (!connection && error) {
    body = (
      <Callout intent={Intent.DANGER} title="The activity could not be loaded">
        <p>{messageOfError(error)}</p>
        <Button onClick={() => void refetch().catch(() => undefined)}>Try again</Button>
      </Callout>
    );
  } else if (!connection) {
    body = (
      <div aria-busy="true" aria-label="Loading activity">
        {Array.from({ length: SKELETON_EVENTS }, (_, index) => (
          <ActivityEventSkeleton key={index} />
        ))}
      </div>
    );
  } else if (connection.nodes.length === 0) {
    const filtered = hasActiveFilter(filter, fixed);
    body = (
      <NonIdealState
        icon={<HistoryIcon size={48} />}
        title={filtered ? 'No activity matches these filters' : 'No activity yet'}
        description={
          filtered
            ? 'Try another action, actor or time range, or clear the filters.'
            : 'Changes made through the console and sign-ins will be listed here.'
        }
        action={
          filtered ? (
            <Button onClick={() => changeFilter(parseActivityFilter(new URLSearchParams()))}>Clear filters</Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <ol className="meridian-activity-events" aria-label="Events, newest first" aria-busy={loading}>
          {connection.nodes.map((node) => (
            <li key={node.id}>
              <ActivityEvent
                event={node}
                productName={productName}
                expanded={expanded.has(node.id)}
                onToggle={() => toggle(node.id)}
              />
            </li>
          ))}
        </ol>
        {moreError && (
          <Callout intent={Intent.DANGER} compact>
            {moreError}
          </Callout>
        )}
        <p className={Classes.TEXT_MUTED} aria-live="polite">
          {connection.pageInfo.hasNextPage
            ? `Showing the ${formatCount(connection.nodes.length)} newest events.`
            : connection.nodes.length === 1
              ? 'Showing 1 event.'
              : `Showing all ${formatCount(connection.nodes.length)} events.`}
        </p>
        {connection.pageInfo.hasNextPage && (
          <Button loading={loadingMore} onClick={loadMore}>
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <section className="meridian-activity" aria-label="Activity">
      <ActivityFiltersForm filter={filter} hidden={hidden} onChange={changeFilter} />
      <div className="meridian-activity-toolbar">
        <Button icon={<RefreshIcon />} loading={refreshing} disabled={!connection} onClick={refresh}>
          Refresh
        </Button>
        {connection && connection.nodes.length > 0 && (
          <Button
            variant="minimal"
            icon={allOpen ? <CollapseAllIcon /> : <ExpandAllIcon />}
            onClick={() => setExpanded(allOpen ? new Set() : new Set(connection.nodes.map((node) => node.id)))}
          >
            {allOpen ? 'Hide all details' : 'Show all details'}
          </Button>
        )}
        <ExportButton exporter={exporter} noun="events" disabled={connection?.nodes.length === 0} />
      </div>
      {body}
    </section>
  );
}
