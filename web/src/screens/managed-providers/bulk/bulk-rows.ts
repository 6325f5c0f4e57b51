import { csvDocument } from '../../../lib/csv.js';
import type { CheckedRow } from '../csv/check-rows.js';
import type { DraftRow } from '../csv/csv-rows.js';
import type { RowResult, RowStatus } from '../mutations/batch-outcome.js';

/** The user's fix of one row: its cells as now typed (the row's shape problem goes with the edit). */
export function editRow(rows: readonly DraftRow[], id: number, cells: { npi: string; value: string }): DraftRow[] {
  return rows.map((row) =>
    row.id === id ? { ...row, npi: cells.npi.trim(), value: cells.value.trim(), shapeProblem: null } : row,
  );
}

export function dropRows(rows: readonly DraftRow[], ids: ReadonlySet<number>): DraftRow[] {
  return rows.filter((row) => !ids.has(row.id));
}

export type RowFilter = 'all' | 'problem' | 'ready';

export function filterRows(rows: readonly CheckedRow[], filter: RowFilter): readonly CheckedRow[] {
  return filter === 'all' ? rows : rows.filter((row) => row.state === filter);
}

/** A row's outcome: the gateway's answer, or why it was not sent. */
export interface ResultRow {
  id: number;
  line: number;
  npi: string;
  value: string;
  providerName: string | null;
  status: RowStatus | 'NOT_SENT';
  message: string | null;
}

/**
 * Every row's outcome in file order: the sent rows matched to the answer's results (same order as
 * sent), the rows held back with the problem that kept them.
 */
export function resultRows(sent: readonly CheckedRow[], results: readonly RowResult[], held: readonly CheckedRow[]) {
  const answered = sent.map((row, index): ResultRow => ({
    id: row.id,
    line: row.line,
    npi: row.npi,
    value: row.value,
    providerName: row.provider?.name ?? null,
    status: results[index]?.status ?? 'ERROR',
    message: results[index]?.message ?? (results[index] ? null : 'No result came back for this row.'),
  }));
  const notSent = held.map((row): ResultRow => ({
    id: row.id,
    line: row.line,
    npi: row.npi,
    value: row.value,
    providerName: row.provider?.name ?? null,
    status: 'NOT_SENT',
    message: row.problem,
  }));
  return [...answered, ...notSent].sort((a, b) => a.line - b.line || a.id - b.id);
}

export type ResultFilter = 'all' | 'done' | 'failed';

/** Rows that did not get what was asked: refused, not found, or not sent. */
export function isFailedResult(row: ResultRow): boolean {
  return row.status === 'ERROR' || row.status === 'NOT_FOUND' || row.status === 'NOT_SENT';
}

/** Results as a CSV to keep or fix and upload again: line,npi,value,result,message. */
export function resultsCsv(rows: readonly ResultRow[], withValue: boolean): string {
  const header = withValue ? ['line', 'npi', 'value', 'result', 'message'] : ['line', 'npi', 'result', 'message'];
  // The shared writer: an alias typed as a formula comes back defused, not live.
  return csvDocument([
    header,
    ...rows.map((row) => [
      row.line,
      row.npi,
      ...(withValue ? [row.value] : []),
      STATUS_LABELS[row.status],
      row.message ?? '',
    ]),
  ]);
}

export const STATUS_LABELS: Record<ResultRow['status'], string> = {
  CREATED: 'Created',
  UPDATED: 'Updated',
  UNCHANGED: 'Unchanged',
  REMOVED: 'Removed',
  NOT_FOUND: 'Not found',
  ERROR: 'Error',
  NOT_SENT: 'Not sent',
};
