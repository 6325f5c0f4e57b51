import { csvDocument } from '../../lib/csv.js';
import type { Column } from './table-columns.js';

/** A CSV document: the header row of the columns, then one row per record, CRLF between lines. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  return csvDocument([
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => column.value(row))),
  ]);
}

/** A file name of the export: analytics-<section>-<date of the figures>.csv. */
export function csvFileName(section: string, generatedAt: string): string {
  const date = generatedAt.slice(0, 10);
  return `analytics-${section}-${date}.csv`;
}
