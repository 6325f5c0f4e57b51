import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactNumber } from '../../lib/numbers.js';
import { axisStyle, tooltipStyle } from './chart-styles.js';
import type { ChartTheme } from './chart-theme.js';
import type { ExpiryBucketRow } from './expiring-credentials.js';

export interface ExpiringCredentialsChartProps {
  buckets: readonly ExpiryBucketRow[];
  theme: ChartTheme;
  title: string;
  desc: string;
}

/** Credentials expiring per week of the next 30 days, the soonest week in the most urgent colour. */
export function ExpiringCredentialsChart({ buckets, theme, title, desc }: ExpiringCredentialsChartProps) {
  const axis = axisStyle(theme);
  return (
    <BarChart
      responsive
      data={[...buckets]}
      title={title}
      desc={desc}
      style={{ width: '100%', height: 240 }}
      margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke={theme.grid} />
      <XAxis dataKey="label" {...axis} />
      <YAxis allowDecimals={false} tickFormatter={(value: number) => formatCompactNumber(value)} width={48} {...axis} />
      <Tooltip {...tooltipStyle(theme)} />
      <Bar dataKey="count" name="Credentials">
        {buckets.map((bucket) => (
          <Cell key={bucket.label} fill={theme.urgency[bucket.index] ?? theme.urgency[3]} />
        ))}
      </Bar>
    </BarChart>
  );
}
