import { csvDocument } from './csv.js';
import type { Column } from './table-columns.js';

// A table's CSV export: analytics sections and the activity feed download the columns they show.

/** A CSV document: the header row of the columns, then one row per record, CRLF between lines. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  return csvDocument([
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => column.value(row))),
  ]);
}
