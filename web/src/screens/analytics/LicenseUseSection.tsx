import { Intent, Tag } from '@blueprintjs/core';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { AnalyticsSection } from './AnalyticsSection.js';
import type { ChartTheme } from './chart-theme.js';
import { formatCount } from './labels.js';
import {
  atOrOverLimit,
  LICENSE_CHART_TOP,
  licenseChartPoints,
  licenseUseRows,
  type LicenseUseRow,
} from './license-use.js';
import { licenseUsePath } from './chart-links.js';
import { LicenseUseChart } from './LicenseUseChart.js';
import { useChartNavigation } from './useChartNavigation.js';
import { OrganizationLink } from '../../components/entity-links.js';
import type { Column } from '../../lib/table-columns.js';

export const LicenseUseSectionFragment = graphql(`
  fragment LicenseUseSection_summary on AnalyticsSummary {
    licenseUse {
      organizationId
      name
      userLimit
      activeUsers
      explorerCount
      explorerUsed
      viewerCount
      viewerUsed
    }
  }
`);

const TITLE = 'License use against limits';

/** The fullest limit as exported: a whole percent, or 'over' for use of a limit of 0. */
export function highestUseValue(row: LicenseUseRow): number | string {
  return Number.isFinite(row.highest) ? Math.round(row.highest * 100) : 'over';
}

function HighestUse({ row }: { row: LicenseUseRow }) {
  const value = highestUseValue(row);
  const text = typeof value === 'number' ? `${value}%` : 'Over (limit 0)';
  const intent = row.highest >= 1 ? Intent.DANGER : row.highest >= 0.9 ? Intent.WARNING : Intent.NONE;
  return intent === Intent.NONE ? (
    text
  ) : (
    <Tag intent={intent} minimal>
      {text}
    </Tag>
  );
}

const count = (pick: (row: LicenseUseRow) => number): Pick<Column<LicenseUseRow>, 'value' | 'render' | 'numeric'> => ({
  value: pick,
  render: (row) => formatCount(pick(row)),
  numeric: true,
});

export const LICENSE_COLUMNS: readonly Column<LicenseUseRow>[] = [
  {
    header: 'Organization',
    fill: true,
    value: (row) => row.name,
    render: (row) => (
      <OrganizationLink organizationId={row.organizationId} tab="licenses">
        {row.name}
      </OrganizationLink>
    ),
  },
  { header: 'Organization ID', fill: true, value: (row) => row.organizationId },
  { header: 'Active users', ...count((row) => row.users.used) },
  { header: 'User limit', ...count((row) => row.users.limit) },
  { header: 'Explorer seats used', ...count((row) => row.explorer.used) },
  { header: 'Explorer seats', ...count((row) => row.explorer.limit) },
  { header: 'Viewer seats used', ...count((row) => row.viewer.used) },
  { header: 'Viewer seats', ...count((row) => row.viewer.limit) },
  { header: 'Highest use (%)', value: highestUseValue, render: (row) => <HighestUse row={row} />, numeric: true },
];

export interface LicenseUseSectionProps {
  summary: FragmentType<typeof LicenseUseSectionFragment>;
  generatedAt: string;
  theme: ChartTheme;
}

export function LicenseUseSection({ summary, generatedAt, theme }: LicenseUseSectionProps) {
  const open = useChartNavigation('organizationUpdate');
  const rows = licenseUseRows(getFragmentData(LicenseUseSectionFragment, summary).licenseUse);
  const points = licenseChartPoints(rows);
  const full = atOrOverLimit(rows);
  const description =
    `${formatCount(full)} of ${formatCount(rows.length)} organizations are at or over a limit of users, ` +
    `explorer or viewer seats. The chart shows the ${Math.min(LICENSE_CHART_TOP, rows.length)} fullest; ` +
    'the table lists every organization, fullest first.';
  return (
    <AnalyticsSection
      slug="license-use"
      title={TITLE}
      description={description}
      chart={
        <LicenseUseChart
          points={points}
          theme={theme}
          title={TITLE}
          desc={description}
          onOpen={(organizationId) => open(licenseUsePath(organizationId), { orgId: organizationId })}
        />
      }
      columns={LICENSE_COLUMNS}
      rows={rows}
      rowKey={(row) => row.organizationId}
      generatedAt={generatedAt}
      emptyText="No organizations yet."
    />
  );
}
