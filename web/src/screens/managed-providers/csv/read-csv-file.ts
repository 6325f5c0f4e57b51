/**
 * The largest file read: the gateway takes request bodies up to 5 MB, and a CSV of 5,000 rows with the
 * longest aliases is under 1 MB, so a bigger file is the wrong file (or too many rows).
 */
export const MAX_CSV_FILE_BYTES = 5 * 1024 * 1024;

export type CsvFileResult = { ok: true; text: string } | { ok: false; error: string };

function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const emptyFileMessage = (name: string) => `${name} is empty. Choose a CSV with one provider on each line.`;
export const oversizedFileMessage = (name: string, bytes: number) =>
  `${name} is ${sizeInWords(bytes)}; files over 5 MB are refused. A CSV of 5,000 rows is far smaller: split the file or check it is the right one.`;
export const notTextMessage = (name: string) =>
  `${name} is not a text file. Save the spreadsheet as CSV (comma-separated values) and choose that file.`;

/** The text of an uploaded CSV, or why it is refused (empty, too large, not text) before its rows are read. */
export async function readCsvFile(file: Pick<File, 'name' | 'size' | 'text'>): Promise<CsvFileResult> {
  if (file.size === 0) return { ok: false, error: emptyFileMessage(file.name) };
  if (file.size > MAX_CSV_FILE_BYTES) return { ok: false, error: oversizedFileMessage(file.name, file.size) };
  const text = await file.text();
  // A NUL character never appears in a CSV: a spreadsheet's own format (xlsx) or another binary file.
  if (text.includes('\u0000')) return { ok: false, error: notTextMessage(file.name) };
  return { ok: true, text };
}
