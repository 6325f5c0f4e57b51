import { ORGANIZATION_STATUSES } from '@meridian/schema';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { RouteLink } from '../../components/RouteLink.js';
import { AnalyticsSection } from './AnalyticsSection.js';
import { organizationsListPath } from './chart-links.js';
import { useChartNavigation } from './useChartNavigation.js';
import type { ChartTheme } from './chart-theme.js';
import { formatCount, statusLabel } from './labels.js';
import { OrganizationsChart } from './OrganizationsChart.js';
import { segmentRows, statusTotals, type SegmentRow } from './organizations-by-segment.js';
import type { Column } from '../../lib/table-columns.js';

export const OrganizationsSectionFragment = graphql(`
  fragment OrganizationsSection_summary on AnalyticsSummary {
    organizationsBySegment {
      segment
      status
      count
    }
  }
`);

const TITLE = 'Organizations by segment and lifecycle state';

/** A figure leading to the organizations it counts (none for a zero). */
function ListLink({ count, to }: { count: number; to: string }) {
  if (count === 0) return <>{formatCount(count)}</>;
  return (
    <RouteLink route="organizations" to={to}>
      {formatCount(count)}
    </RouteLink>
  );
}

export const SEGMENT_COLUMNS: readonly Column<SegmentRow>[] = [
  {
    header: 'Segment',
    value: (row) => row.label,
    render: (row) => (
      <RouteLink route="organizations" to={organizationsListPath(row.segment)}>
        {row.label}
      </RouteLink>
    ),
  },
  ...ORGANIZATION_STATUSES.map((status): Column<SegmentRow> => ({
    header: statusLabel(status),
    value: (row) => row[status],
    render: (row) => <ListLink count={row[status]} to={organizationsListPath(row.segment, status)} />,
    numeric: true,
  })),
  {
    header: 'Total',
    value: (row) => row.total,
    render: (row) => <ListLink count={row.total} to={organizationsListPath(row.segment)} />,
    numeric: true,
  },
];

export interface OrganizationsSectionProps {
  summary: FragmentType<typeof OrganizationsSectionFragment>;
  generatedAt: string;
  theme: ChartTheme;
}

export function OrganizationsSection({ summary, generatedAt, theme }: OrganizationsSectionProps) {
  const open = useChartNavigation('organizations');
  const rows = segmentRows(getFragmentData(OrganizationsSectionFragment, summary).organizationsBySegment);
  const totals = statusTotals(rows);
  const description = `${formatCount(totals.active)} active of ${formatCount(
    rows.reduce((sum, row) => sum + row.total, 0),
  )} organizations in ${rows.length} segments; ${formatCount(
    totals.onboarding + totals.deploying,
  )} onboarding or deploying.`;
  return (
    <AnalyticsSection
      slug="organizations-by-segment"
      title={TITLE}
      description={description}
      chart={
        <OrganizationsChart
          rows={rows}
          theme={theme}
          title={TITLE}
          desc={description}
          onOpen={(segment, status) => open(organizationsListPath(segment, status))}
        />
      }
      columns={SEGMENT_COLUMNS}
      rows={rows}
      rowKey={(row) => row.segment}
      generatedAt={generatedAt}
      emptyText="No organizations yet."
    />
  );
}
