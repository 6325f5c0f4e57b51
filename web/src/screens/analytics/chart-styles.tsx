import type { ChartTheme } from './chart-theme.js';

/** Axis styling of a theme (recharts props). */
export function axisStyle(theme: ChartTheme) {
  return {
    tick: { fill: theme.text, fontSize: 12 },
    axisLine: { stroke: theme.grid },
    tickLine: { stroke: theme.grid },
  };
}

/**
 * Orders legend and tooltip entries as the series are drawn (recharts sorts them by name otherwise,
 * which scrambles a stack: Active, Created, Deploying...).
 */
const inOrder = (names: readonly string[]) => (name: unknown) => names.indexOf(String(name));

/** Tooltip styling of a theme (recharts props), entries in the order of `series`. */
export function tooltipStyle(theme: ChartTheme, series: readonly string[] = []) {
  const position = inOrder(series);
  return {
    itemSorter: (item: { name?: unknown }) => position(item.name),
    contentStyle: {
      background: theme.tooltipBackground,
      border: `1px solid ${theme.tooltipBorder}`,
      borderRadius: 4,
      color: theme.text,
    },
    labelStyle: { color: theme.text, fontWeight: 600 },
    itemStyle: { color: theme.text },
    cursor: { fill: theme.cursor },
  };
}

/** Legend entries in the theme's text colour (recharts colours each like its series) and in `series` order. */
export function legendStyle(theme: ChartTheme, series: readonly string[]) {
  const position = inOrder(series);
  return {
    itemSorter: (item: { value?: unknown }) => position(item.value),
    wrapperStyle: { fontSize: 12 },
    formatter: (value: unknown) => <span style={{ color: theme.text }}>{String(value)}</span>,
  };
}

/** Height of a chart of horizontal bars: room for each category, plus axis and legend. */
export const barChartHeight = (categories: number, perCategory = 36): number => 72 + categories * perCategory;
