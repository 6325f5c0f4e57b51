import type { ResultOf } from '@graphql-typed-document-node/core';
import type { AnalyticsSummaryQuery } from './analytics-query.js';
import { AnalyticsTotals } from './AnalyticsTotals.js';
import type { ChartTheme } from './chart-theme.js';
import { ExpiringCredentialsSection } from './ExpiringCredentialsSection.js';
import { FailedJobsSection } from './FailedJobsSection.js';
import { JobsSection } from './JobsSection.js';
import { LicenseUseSection } from './LicenseUseSection.js';
import { OrganizationsSection } from './OrganizationsSection.js';
import { UsersSection } from './UsersSection.js';

export type AnalyticsSummaryData = ResultOf<typeof AnalyticsSummaryQuery>['analyticsSummary'];

export interface AnalyticsDashboardProps {
  summary: AnalyticsSummaryData;
  theme: ChartTheme;
}

/** The totals and every section, all from the one summary. */
export function AnalyticsDashboard({ summary, theme }: AnalyticsDashboardProps) {
  const { generatedAt } = summary;
  return (
    <>
      <AnalyticsTotals summary={summary} />
      <div className="meridian-analytics-grid">
        <OrganizationsSection summary={summary} generatedAt={generatedAt} theme={theme} />
        <UsersSection summary={summary} generatedAt={generatedAt} theme={theme} />
        <LicenseUseSection summary={summary} generatedAt={generatedAt} theme={theme} />
        <ExpiringCredentialsSection summary={summary} generatedAt={generatedAt} theme={theme} />
        <JobsSection summary={summary} generatedAt={generatedAt} />
        <FailedJobsSection summary={summary} generatedAt={generatedAt} />
      </div>
    </>
  );
}
