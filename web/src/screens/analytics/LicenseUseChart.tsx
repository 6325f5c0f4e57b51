import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { axisStyle, barChartHeight, legendStyle, tooltipStyle } from './chart-styles.js';
import type { ChartTheme } from './chart-theme.js';
import { SEAT_KINDS, SEAT_LABELS, limitUseText, type LicenseChartPoint, type SeatKind } from './license-use.js';

export interface LicenseUseChartProps {
  points: readonly LicenseChartPoint[];
  theme: ChartTheme;
  title: string;
  desc: string;
  /** Opens an organization's licenses (its bars). */
  onOpen?: (organizationId: string) => void;
}

const percentTick = (value: number) => `${value}%`;
const SERIES = SEAT_KINDS.map((kind) => SEAT_LABELS[kind]);

/**
 * Percent used of each limit for the fullest organizations, with the 100 % line: a bar past it is an
 * organization over its limit. The tooltip gives the counts ('12 of 20 (60%)').
 */
export function LicenseUseChart({ points, theme, title, desc, onOpen }: LicenseUseChartProps) {
  const axis = axisStyle(theme);
  const highest = Math.max(100, ...points.flatMap((point) => SEAT_KINDS.map((kind) => point[kind])));
  const domainMax = Math.ceil(highest / 25) * 25;
  return (
    <BarChart
      responsive
      layout="vertical"
      data={[...points]}
      title={title}
      desc={desc}
      barGap={1}
      style={{ width: '100%', height: barChartHeight(points.length, 54) }}
      margin={{ top: 24, right: 24, bottom: 0, left: 8 }}
    >
      <CartesianGrid horizontal={false} stroke={theme.grid} />
      <XAxis type="number" domain={[0, domainMax]} tickFormatter={percentTick} {...axis} />
      <YAxis type="category" dataKey="name" width={180} {...axis} />
      <Tooltip
        {...tooltipStyle(theme, SERIES)}
        formatter={(_value, name, item) => {
          const point = item.payload as LicenseChartPoint;
          const kind = SEAT_KINDS.find((seat) => SEAT_LABELS[seat] === name) as SeatKind;
          return [limitUseText(point.row[kind]), name];
        }}
      />
      <Legend {...legendStyle(theme, SERIES)} />
      <ReferenceLine
        x={100}
        stroke={theme.limit}
        strokeDasharray="4 3"
        label={{ value: 'Limit', fill: theme.limit, position: 'top', fontSize: 12 }}
      />
      {SEAT_KINDS.map((kind) => (
        <Bar
          key={kind}
          dataKey={kind}
          name={SEAT_LABELS[kind]}
          fill={theme.seats[kind]}
          cursor={onOpen ? 'pointer' : undefined}
          onClick={(entry: { payload?: LicenseChartPoint }) =>
            entry.payload && onOpen?.(entry.payload.row.organizationId)
          }
        />
      ))}
    </BarChart>
  );
}
