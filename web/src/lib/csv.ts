/** One CSV value: text, a number, a yes/no, or nothing. */
export type CsvValue = string | number | boolean | null;

/** RFC 4180 line ends: what spreadsheet programs expect. */
const LINE_END = '\r\n';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return): names
 * and aliases are typed by people, and a CSV opened in a spreadsheet must not execute them (OWASP
 * "CSV injection"). Numbers are written as numbers, so a negative number keeps its sign.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a comma, quote or line break, quotes doubled; formulas defused. */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = typeof value === 'boolean' ? String(value) : value;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document of rows (the first is usually the header), CRLF after every line. The one CSV writer. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join(LINE_END) + LINE_END;
}
