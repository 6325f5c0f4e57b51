import { Button, H1, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon, RefreshIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { messageOfError } from '../../components/mutation-outcome.js';
import { useToasts } from '../../components/toasts/useToasts.js';
import { usePageTitle } from '../../layout/page-title.js';
import { useTheme } from '../../theme/useTheme.js';
import { AnalyticsDashboard } from './AnalyticsDashboard.js';
import { AnalyticsSummaryQuery } from './analytics-query.js';
import { AnalyticsSkeleton } from './AnalyticsSkeleton.js';
import { chartTheme } from './chart-theme.js';
import { formatDateTime } from './labels.js';
import './analytics.css';

/**
 * /analytics (analytics:read, checked by the route's guard): platform usage for operators, every chart
 * and table from one `analyticsSummary` request (decisions.md "Analytics").
 */
export default function AnalyticsPage() {
  usePageTitle('Analytics');
  const { theme } = useTheme();
  const toasts = useToasts();
  const { data, error, refetch } = useFreshQuery(AnalyticsSummaryQuery);
  const [refreshing, setRefreshing] = useState(false);
  const summary = data?.analyticsSummary;

  const refresh = () => {
    setRefreshing(true);
    refetch()
      .catch((failure: unknown) => {
        // Figures already shown stay, and a toast says why they were not renewed; without figures the
        // page's error state says it already.
        if (!summary) return;
        const reason = messageOfError(failure);
        toasts.show({ type: 'error', message: `The figures could not be refreshed: ${reason}` });
      })
      .finally(() => setRefreshing(false));
  };

  return (
    <div className="meridian-analytics">
      <header className="meridian-analytics-header">
        <div>
          <H1>Analytics</H1>
          {summary && <p className="meridian-analytics-as-of">Figures as of {formatDateTime(summary.generatedAt)}</p>}
        </div>
        {summary && <Button icon={<RefreshIcon />} text="Refresh" loading={refreshing} onClick={refresh} />}
      </header>
      {summary ? (
        <AnalyticsDashboard summary={summary} theme={chartTheme(theme)} />
      ) : error ? (
        <NonIdealState
          icon={<ErrorIcon size={48} />}
          title="The figures could not be loaded"
          description={messageOfError(error)}
          action={<Button text="Try again" loading={refreshing} onClick={refresh} />}
        />
      ) : (
        <AnalyticsSkeleton />
      )}
    </div>
  );
}
