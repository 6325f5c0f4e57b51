import Papa from 'papaparse';

/**
 * The console's one CSV module: every file it reads (the bulk editor's uploads and pastes) and every
 * file it writes (analytics, activity, bulk results) goes through papaparse here, with the rules below.
 */

/** One CSV value: text, a number, a yes/no, or nothing. */
export type CsvValue = string | number | boolean | null;

/** RFC 4180 line ends: what spreadsheet programs expect. */
const LINE_END = '\r\n';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return): names
 * and aliases are typed by people, and a CSV opened in a spreadsheet must not execute them (OWASP
 * "CSV injection"). papaparse prefixes such text with a quote and quotes the field; numbers are written
 * as numbers, so a negative number keeps its sign.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const WRITE_OPTIONS: Papa.UnparseConfig = { newline: LINE_END, escapeFormulae: FORMULA_START };

/** What papaparse is given: a non-finite number (NaN, Infinity) means no figure, written as empty. */
function writable(value: CsvValue): CsvValue {
  return typeof value === 'number' && !Number.isFinite(value) ? null : value;
}

/** One CSV field: quoted when it holds a comma, quote or line break, quotes doubled; formulas defused. */
export function csvField(value: CsvValue): string {
  return csvDocument([[value]]).slice(0, -LINE_END.length);
}

/** A CSV document of rows (the first is usually the header), CRLF after every line. The one CSV writer. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  // papaparse joins lines with CRLF but ends none: every line of the file ends with one.
  return (
    Papa.unparse(
      rows.map((row) => row.map(writable)),
      WRITE_OPTIONS,
    ) + LINE_END
  );
}

/** One record of a CSV text: its cells, and the line it starts on (1-based, for messages). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A record papaparse reads from a blank line: one empty cell. */
const isBlank = (cells: readonly string[]) => cells.length === 1 && cells[0] === '';

function countLineBreaks(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) breaks++;
  }
  return breaks;
}

/**
 * Reads CSV text as RFC 4180 describes it, and as spreadsheets write it: fields separated by commas,
 * records by CRLF, LF or a lone CR; a field in double quotes may hold commas, line breaks and doubled
 * quotes (""). A byte order mark and blank lines are dropped. Cells are returned as written (no
 * trimming); a quote in the middle of an unquoted field is kept as a character, as spreadsheets do.
 *
 * papaparse takes one kind of line end per text, and a file pasted together from several sources can
 * mix them: every line end becomes LF first (a line break inside a quoted field included).
 */
export function parseCsv(text: string): CsvRecord[] {
  const normalized = text.replace(/\r\n?/g, '\n');
  const { data } = Papa.parse<string[]>(normalized, { delimiter: ',', newline: '\n', quoteChar: '"' });
  const records: CsvRecord[] = [];
  let line = 1;
  for (const cells of data) {
    if (!isBlank(cells)) records.push({ line, cells });
    // A record spans its own line and one more for each line break inside its quoted fields.
    line += 1 + countLineBreaks(cells);
  }
  return records;
}
