import { ORGANIZATION_STATUSES, type OrganizationStatus } from '@meridian/schema';
import { segmentLabel, statusFromEnum } from './labels.js';

/** One entry of the summary: organizations of a segment in a lifecycle state (GraphQL enum value). */
export interface OrganizationCountInput {
  segment: string;
  status: string;
  count: number;
}

/** One bar of the chart and row of the table: a segment's organizations by lifecycle state. */
export type SegmentRow = { segment: string; label: string; total: number } & Record<OrganizationStatus, number>;

const emptyCounts = (): Record<OrganizationStatus, number> =>
  Object.fromEntries(ORGANIZATION_STATUSES.map((status) => [status, 0])) as Record<OrganizationStatus, number>;

/**
 * The summary's (segment, state, count) triples pivoted to one row per segment with a count for every
 * state (0 where none), largest segment first. Unknown states are left out rather than guessed.
 */
export function segmentRows(counts: readonly OrganizationCountInput[]): SegmentRow[] {
  const bySegment = new Map<string, SegmentRow>();
  for (const { segment, status, count } of counts) {
    const state = statusFromEnum(status);
    if (!state) continue;
    let row = bySegment.get(segment);
    if (!row) {
      row = { segment, label: segmentLabel(segment), total: 0, ...emptyCounts() };
      bySegment.set(segment, row);
    }
    row[state] += count;
    row.total += count;
  }
  return [...bySegment.values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}

/** Organizations per lifecycle state across all segments. */
export function statusTotals(rows: readonly SegmentRow[]): Record<OrganizationStatus, number> {
  const totals = emptyCounts();
  for (const row of rows) for (const status of ORGANIZATION_STATUSES) totals[status] += row[status];
  return totals;
}
