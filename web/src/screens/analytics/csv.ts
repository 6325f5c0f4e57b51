import type { CellValue, Column } from './table-columns.js';

/** RFC 4180 line ends: what spreadsheet programs expect. */
const LINE_END = '\r\n';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return): an
 * organization name is typed by people, and a CSV opened in a spreadsheet must not execute it (OWASP
 * "CSV injection"). Numbers are written as numbers, so a negative number keeps its sign.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a comma, quote or line break, quotes doubled; formulas defused. */
export function csvField(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = typeof value === 'boolean' ? String(value) : value;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document: the header row of the columns, then one row per record, CRLF between lines. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => csvField(column.header)),
    ...rows.map((row) => columns.map((column) => csvField(column.value(row)))),
  ];
  return lines.map((fields) => fields.join(',')).join(LINE_END) + LINE_END;
}

/** A file name of the export: analytics-<section>-<date of the figures>.csv. */
export function csvFileName(section: string, generatedAt: string): string {
  const date = generatedAt.slice(0, 10);
  return `analytics-${section}-${date}.csv`;
}
