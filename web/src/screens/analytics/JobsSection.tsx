import { Intent, ProgressBar } from '@blueprintjs/core';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { OrganizationLink } from '../../components/entity-links.js';
import { AnalyticsSection } from './AnalyticsSection.js';
import { jobRows, jobsByKind, type JobRow } from './jobs-in-progress.js';
import { formatCount, formatDateTime } from './labels.js';
import type { Column } from '../../lib/table-columns.js';

export const JobsSectionFragment = graphql(`
  fragment JobsSection_summary on AnalyticsSummary {
    jobsInProgress {
      organizationId
      name
      kind
      startedAt
      stepsDone
      stepsTotal
    }
  }
`);

const TITLE = 'Onboarding and deployment in progress';

function JobProgress({ row }: { row: JobRow }) {
  return (
    <div className="meridian-analytics-progress">
      <ProgressBar
        value={row.progress}
        intent={Intent.PRIMARY}
        animate={false}
        stripes={false}
        aria-label={`${row.name}: ${row.stepsDone} of ${row.stepsTotal} steps done`}
      />
      <span>
        {row.stepsDone} of {row.stepsTotal}
      </span>
    </div>
  );
}

export const JOB_COLUMNS: readonly Column<JobRow>[] = [
  {
    header: 'Organization',
    fill: true,
    value: (row) => row.name,
    render: (row) => (
      <OrganizationLink organizationId={row.organizationId} tab="lifecycle">
        {row.name}
      </OrganizationLink>
    ),
  },
  { header: 'Organization ID', fill: true, value: (row) => row.organizationId },
  { header: 'Job', value: (row) => row.kindLabel },
  { header: 'Started', value: (row) => row.startedAt, render: (row) => formatDateTime(row.startedAt) },
  { header: 'Steps done', value: (row) => row.stepsDone, render: (row) => <JobProgress row={row} /> },
  { header: 'Steps', value: (row) => row.stepsTotal, numeric: true },
];

export interface JobsSectionProps {
  summary: FragmentType<typeof JobsSectionFragment>;
  generatedAt: string;
}

/** Jobs under way: a table, each with its progress bar (a chart of a handful of jobs would say less). */
export function JobsSection({ summary, generatedAt }: JobsSectionProps) {
  const rows = jobRows(getFragmentData(JobsSectionFragment, summary).jobsInProgress);
  const description = `${formatCount(rows.length)} lifecycle jobs under way: ${jobsByKind(rows)
    .map((entry) => `${formatCount(entry.count)} ${entry.label.toLowerCase()}`)
    .join(', ')}.`;
  return (
    <AnalyticsSection
      slug="jobs-in-progress"
      title={TITLE}
      description={description}
      columns={JOB_COLUMNS}
      rows={rows}
      rowKey={(row) => `${row.organizationId}:${row.kind}`}
      generatedAt={generatedAt}
      emptyText="No onboarding, deployment or offboarding is under way."
    />
  );
}
