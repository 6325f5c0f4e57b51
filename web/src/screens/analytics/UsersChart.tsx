import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactNumber } from '../../lib/numbers.js';
import { axisStyle, barChartHeight, legendStyle, tooltipStyle } from './chart-styles.js';
import type { ChartTheme } from './chart-theme.js';
import type { RoleRow } from './users-by-role.js';

export interface UsersChartProps {
  rows: readonly RoleRow[];
  theme: ChartTheme;
  title: string;
  desc: string;
}

/** Users per role, each bar stacked active then inactive. */
const SERIES = ['Active', 'Inactive'];

/**
 * Only what the bars draw: recharts copies each entry's fields onto its SVG shape as attributes, and a
 * `role` field became an invalid ARIA role (role="systemAdmin") on every bar.
 */
const barEntry = ({ label, active, inactive }: RoleRow) => ({ label, active, inactive });

export function UsersChart({ rows, theme, title, desc }: UsersChartProps) {
  const axis = axisStyle(theme);
  return (
    <BarChart
      responsive
      layout="vertical"
      data={rows.map(barEntry)}
      title={title}
      desc={desc}
      style={{ width: '100%', height: barChartHeight(rows.length, 40) }}
      margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
    >
      <CartesianGrid horizontal={false} stroke={theme.grid} />
      <XAxis
        type="number"
        allowDecimals={false}
        tickFormatter={(value: number) => formatCompactNumber(value)}
        {...axis}
      />
      <YAxis type="category" dataKey="label" width={120} {...axis} />
      <Tooltip {...tooltipStyle(theme, SERIES)} />
      <Legend {...legendStyle(theme, SERIES)} />
      <Bar dataKey="active" name="Active" stackId="users" fill={theme.activeUsers} />
      <Bar dataKey="inactive" name="Inactive" stackId="users" fill={theme.inactiveUsers} />
    </BarChart>
  );
}
