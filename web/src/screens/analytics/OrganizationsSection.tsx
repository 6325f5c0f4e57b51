import { ORGANIZATION_STATUSES } from '@meridian/schema';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { AnalyticsSection } from './AnalyticsSection.js';
import type { ChartTheme } from './chart-theme.js';
import { formatCount, statusLabel } from './labels.js';
import { OrganizationsChart } from './OrganizationsChart.js';
import { segmentRows, statusTotals, type SegmentRow } from './organizations-by-segment.js';
import type { Column } from './table-columns.js';

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

export const SEGMENT_COLUMNS: readonly Column<SegmentRow>[] = [
  { header: 'Segment', value: (row) => row.label },
  ...ORGANIZATION_STATUSES.map((status): Column<SegmentRow> => ({
    header: statusLabel(status),
    value: (row) => row[status],
    render: (row) => formatCount(row[status]),
    numeric: true,
  })),
  { header: 'Total', value: (row) => row.total, render: (row) => formatCount(row.total), numeric: true },
];

export interface OrganizationsSectionProps {
  summary: FragmentType<typeof OrganizationsSectionFragment>;
  generatedAt: string;
  theme: ChartTheme;
}

export function OrganizationsSection({ summary, generatedAt, theme }: OrganizationsSectionProps) {
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
      chart={<OrganizationsChart rows={rows} theme={theme} title={TITLE} desc={description} />}
      columns={SEGMENT_COLUMNS}
      rows={rows}
      rowKey={(row) => row.segment}
      generatedAt={generatedAt}
      emptyText="No organizations yet."
    />
  );
}
