import { PROVIDER_BATCH_LIMIT } from '@meridian/schema';
import type { EditMode } from '../kinds.js';
import { parseCsv, type CsvRecord } from '../../../lib/csv.js';
import { formatCount } from '../../../lib/numbers.js';

/** A row as read from the CSV (or as the user has since edited it), before it is checked. */
export interface DraftRow {
  /** Stable identity while rows are edited and dropped. */
  id: number;
  /** The CSV line it came from (1-based), for the user to find it in their file. */
  line: number;
  npi: string;
  /** The alias or relationship (empty for removals). */
  value: string;
  /** A problem with the row's shape (wrong number of columns); cleared when the row is edited. */
  shapeProblem: string | null;
}

export type CsvRowsResult = { ok: true; rows: DraftRow[]; headerSkipped: boolean } | { ok: false; error: string };

const count = (n: number) => formatCount(n);

/** The columns each mode expects, for messages. */
export const CSV_COLUMNS: Record<EditMode, string> = { update: 'npi,value', remove: 'npi' };

export const emptyCsvMessage = (mode: EditMode) =>
  `The CSV has no rows. Put one provider on each line: ${CSV_COLUMNS[mode]}.`;
export const tooManyRowsMessage = (rows: number, limit: number = PROVIDER_BATCH_LIMIT) =>
  `The CSV has ${count(rows)} rows; at most ${count(limit)} can be sent at once. Split it into smaller files.`;
export const missingValueMessage = (line: number) => `Line ${line} needs an NPI and a value, separated by a comma.`;
export const extraColumnsMessage = (line: number, columns: number) =>
  `Line ${line} has ${columns} columns; expected npi,value. Put quotes around a value that contains commas.`;

/** A header is a first line whose first cell starts with "npi" (npi, NPI, NPI Number…); NPIs are digits. */
function isHeader(record: CsvRecord): boolean {
  return /^npi/i.test(record.cells[0]!.trim());
}

function shapeProblemOf(record: CsvRecord, mode: EditMode): string | null {
  // A removal needs only the NPI: further columns are ignored, so the update's file works as it is.
  if (mode === 'remove') return null;
  if (record.cells.length < 2) return missingValueMessage(record.line);
  if (record.cells.length > 2) return extraColumnsMessage(record.line, record.cells.length);
  return null;
}

/**
 * The rows of a pasted or uploaded CSV for one edit mode: `npi,value` to update, `npi` to remove, with
 * an optional header line. Cells are trimmed (a space after a comma is not part of an NPI or alias).
 * Refused in words: no rows at all, or more than one request may carry (PROVIDER_BATCH_LIMIT).
 */
export function rowsFromCsv(text: string, mode: EditMode, limit: number = PROVIDER_BATCH_LIMIT): CsvRowsResult {
  const records = parseCsv(text).filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  const headerSkipped = records.length > 0 && isHeader(records[0]!);
  const body = headerSkipped ? records.slice(1) : records;
  if (body.length === 0) return { ok: false, error: emptyCsvMessage(mode) };
  if (body.length > limit) return { ok: false, error: tooManyRowsMessage(body.length, limit) };
  const rows = body.map((record, index): DraftRow => ({
    id: index + 1,
    line: record.line,
    npi: record.cells[0]!.trim(),
    value: mode === 'update' ? (record.cells[1] ?? '').trim() : '',
    shapeProblem: shapeProblemOf(record, mode),
  }));
  return { ok: true, rows, headerSkipped };
}
