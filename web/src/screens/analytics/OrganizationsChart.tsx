import { ORGANIZATION_STATUSES, type OrganizationStatus } from '@meridian/schema';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactNumber } from '../../lib/numbers.js';
import { axisStyle, barChartHeight, legendStyle, tooltipStyle } from './chart-styles.js';
import type { ChartTheme } from './chart-theme.js';
import { statusLabel } from './labels.js';
import type { SegmentRow } from './organizations-by-segment.js';

export interface OrganizationsChartProps {
  rows: readonly SegmentRow[];
  theme: ChartTheme;
  /** The chart's name and description for assistive technology. */
  title: string;
  desc: string;
  /** Opens the organizations of a segment in a state (a bar's part). */
  onOpen?: (segment: string, status: OrganizationStatus) => void;
}

/** Organizations per segment, each bar stacked by lifecycle state. */
const SERIES = ORGANIZATION_STATUSES.map(statusLabel);

export function OrganizationsChart({ rows, theme, title, desc, onOpen }: OrganizationsChartProps) {
  const axis = axisStyle(theme);
  return (
    <BarChart
      responsive
      layout="vertical"
      data={[...rows]}
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
      {ORGANIZATION_STATUSES.map((status) => (
        <Bar
          key={status}
          dataKey={status}
          name={statusLabel(status)}
          stackId="status"
          fill={theme.status[status]}
          cursor={onOpen ? 'pointer' : undefined}
          onClick={(entry: { payload?: SegmentRow }) => entry.payload && onOpen?.(entry.payload.segment, status)}
        />
      ))}
    </BarChart>
  );
}
