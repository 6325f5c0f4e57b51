import { formatCount } from '../../lib/numbers.js';
/** One organization's license use as the summary answers it. */
export interface LicenseUseInput {
  organizationId: string;
  name: string;
  userLimit: number;
  activeUsers: number;
  explorerCount: number;
  explorerUsed: number;
  viewerCount: number;
  viewerUsed: number;
}

/** What is used of one limit. `ratio` is used ÷ limit; a limit of 0 with any use is Infinity (over). */
export interface LimitUse {
  used: number;
  limit: number;
  ratio: number;
}

export const SEAT_KINDS = ['users', 'explorer', 'viewer'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];

export const SEAT_LABELS: Record<SeatKind, string> = {
  users: 'Users',
  explorer: 'Explorer seats',
  viewer: 'Viewer seats',
};

export interface LicenseUseRow extends Record<SeatKind, LimitUse> {
  organizationId: string;
  name: string;
  /** The fullest of the three limits: what the list is sorted by. */
  highest: number;
}

/** How many organizations the chart shows; all of them are in the table. */
export const LICENSE_CHART_TOP = 10;
/** Bars stop at 200 %: an organization far over (or over a limit of 0) would flatten every other bar. */
export const CHART_PERCENT_CAP = 200;

export function limitUse(used: number, limit: number): LimitUse {
  const ratio = limit > 0 ? used / limit : used > 0 ? Number.POSITIVE_INFINITY : 0;
  return { used, limit, ratio };
}

/** Every organization with its use of each limit, fullest first (then by name). */
export function licenseUseRows(entries: readonly LicenseUseInput[]): LicenseUseRow[] {
  return entries
    .map((entry) => {
      const users = limitUse(entry.activeUsers, entry.userLimit);
      const explorer = limitUse(entry.explorerUsed, entry.explorerCount);
      const viewer = limitUse(entry.viewerUsed, entry.viewerCount);
      return {
        organizationId: entry.organizationId,
        name: entry.name,
        users,
        explorer,
        viewer,
        highest: Math.max(users.ratio, explorer.ratio, viewer.ratio),
      };
    })
    .sort(
      (a, b) =>
        b.highest - a.highest || a.name.localeCompare(b.name) || a.organizationId.localeCompare(b.organizationId),
    );
}

/** A use as a whole percent; null for a limit of 0 (no percent of nothing). */
export function limitUsePercent(use: LimitUse): number | null {
  return use.limit > 0 ? Math.round(use.ratio * 100) : null;
}

/** '12 of 20 (60%)', '3 of 0 (over)', '0 of 0'. */
export function limitUseText(use: LimitUse): string {
  const percent = limitUsePercent(use);
  const base = `${formatCount(use.used)} of ${formatCount(use.limit)}`;
  if (percent !== null) return `${base} (${percent}%)`;
  return use.used > 0 ? `${base} (over)` : base;
}

/** One bar group of the chart: percent used of each limit, capped for drawing. */
export interface LicenseChartPoint extends Record<SeatKind, number> {
  name: string;
  row: LicenseUseRow;
}

const chartPercent = (use: LimitUse): number =>
  Math.min(Number.isFinite(use.ratio) ? use.ratio * 100 : CHART_PERCENT_CAP, CHART_PERCENT_CAP);

/** The `top` fullest organizations, as chart points. */
export function licenseChartPoints(rows: readonly LicenseUseRow[], top = LICENSE_CHART_TOP): LicenseChartPoint[] {
  return rows.slice(0, top).map((row) => ({
    name: row.name,
    row,
    users: chartPercent(row.users),
    explorer: chartPercent(row.explorer),
    viewer: chartPercent(row.viewer),
  }));
}

/** Organizations at or over at least one limit (a full limit blocks the next user or seat). */
export const atOrOverLimit = (rows: readonly LicenseUseRow[]): number => rows.filter((row) => row.highest >= 1).length;
