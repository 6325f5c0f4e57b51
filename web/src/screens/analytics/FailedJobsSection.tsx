import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { OrganizationLink } from '../../components/entity-links.js';
import { AnalyticsSection } from './AnalyticsSection.js';
import { failedJobRows, failedJobsDescription, type FailedJobRow } from './jobs-failed.js';
import { formatDateTime } from './labels.js';
import type { Column } from '../../lib/table-columns.js';

export const FailedJobsSectionFragment = graphql(`
  fragment FailedJobsSection_summary on AnalyticsSummary {
    jobsFailed {
      organizationId
      name
      kind
      failedAt
      step
      reason
    }
  }
`);

export const FAILED_JOBS_TITLE = 'Failed lifecycle jobs';

export const FAILED_JOB_COLUMNS: readonly Column<FailedJobRow>[] = [
  {
    header: 'Organization',
    fill: true,
    value: (row) => row.name,
    // The lifecycle tab shows the failed step and starts the job again.
    render: (row) => (
      <OrganizationLink organizationId={row.organizationId} tab="lifecycle">
        {row.name}
      </OrganizationLink>
    ),
  },
  { header: 'Organization ID', fill: true, value: (row) => row.organizationId },
  { header: 'Job', value: (row) => row.kindLabel },
  { header: 'Failed step', fill: true, value: (row) => row.step ?? '' },
  { header: 'Reason', fill: true, value: (row) => row.reason ?? '' },
  {
    header: 'Failed',
    value: (row) => row.failedAt ?? '',
    render: (row) => (row.failedAt ? formatDateTime(row.failedAt) : '—'),
  },
];

export interface FailedJobsSectionProps {
  summary: FragmentType<typeof FailedJobsSectionFragment>;
  generatedAt: string;
}

/** Jobs that failed and hold their organization back: each names its step and why, and leads to the organization. */
export function FailedJobsSection({ summary, generatedAt }: FailedJobsSectionProps) {
  const rows = failedJobRows(getFragmentData(FailedJobsSectionFragment, summary).jobsFailed);
  return (
    <AnalyticsSection
      slug="jobs-failed"
      title={FAILED_JOBS_TITLE}
      description={failedJobsDescription(rows)}
      columns={FAILED_JOB_COLUMNS}
      rows={rows}
      rowKey={(row) => `${row.organizationId}:${row.kind}`}
      generatedAt={generatedAt}
      emptyText="No onboarding, deployment or offboarding has failed."
    />
  );
}
