/** One record of a CSV text: its cells, and the line it starts on (1-based, for messages). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Parses CSV text as RFC 4180 describes it, and as spreadsheets write it: fields separated by commas,
 * records by CRLF, LF or a lone CR; a field in double quotes may hold commas, line breaks and doubled
 * quotes (""). A byte order mark and blank lines are dropped. Cells are returned as written (no trimming); a quote in
 * the middle of an unquoted field is kept as a character, as spreadsheets do.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  // Whether the current record has any content yet (so a trailing newline adds no empty record).
  let started = false;

  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    cells = [];
    started = false;
  };

  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (char === '\n' || (char === '\r' && source[i + 1] !== '\n')) line++;
        cell += char;
      }
      continue;
    }
    if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      // A blank line is no record.
      if (started) endRecord();
      line++;
      recordLine = line;
      continue;
    }
    started = true;
    if (char === ',') endCell();
    else if (char === '"' && cell === '') inQuotes = true;
    else cell += char;
  }
  if (started || inQuotes) endRecord();
  return records;
}
