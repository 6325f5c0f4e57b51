import { useRuntimeConfig } from '../../config/runtime.js';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { AnalyticsSection } from './AnalyticsSection.js';
import type { ChartTheme } from './chart-theme.js';
import { formatCount } from './labels.js';
import type { Column } from '../../lib/table-columns.js';
import { UsersChart } from './UsersChart.js';
import { roleRows, type RoleRow } from './users-by-role.js';

export const UsersSectionFragment = graphql(`
  fragment UsersSection_summary on AnalyticsSummary {
    usersByRole {
      role
      active
      count
    }
  }
`);

const TITLE = 'Users by role and active state';

export const ROLE_COLUMNS: readonly Column<RoleRow>[] = [
  { header: 'Role', value: (row) => row.label },
  { header: 'Active', value: (row) => row.active, render: (row) => formatCount(row.active), numeric: true },
  { header: 'Inactive', value: (row) => row.inactive, render: (row) => formatCount(row.inactive), numeric: true },
  { header: 'Total', value: (row) => row.total, render: (row) => formatCount(row.total), numeric: true },
];

export interface UsersSectionProps {
  summary: FragmentType<typeof UsersSectionFragment>;
  generatedAt: string;
  theme: ChartTheme;
}

export function UsersSection({ summary, generatedAt, theme }: UsersSectionProps) {
  const { productName } = useRuntimeConfig();
  const rows = roleRows(getFragmentData(UsersSectionFragment, summary).usersByRole, productName);
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  const active = rows.reduce((sum, row) => sum + row.active, 0);
  const description = `${formatCount(active)} of ${formatCount(total)} users are active, across ${rows.length} roles.`;
  return (
    <AnalyticsSection
      slug="users-by-role"
      title={TITLE}
      description={description}
      chart={<UsersChart rows={rows} theme={theme} title={TITLE} desc={description} />}
      columns={ROLE_COLUMNS}
      rows={total === 0 ? [] : rows}
      rowKey={(row) => row.role}
      generatedAt={generatedAt}
      emptyText="No users yet."
    />
  );
}
