import { describe, expect, it } from 'vitest';
import {
  emptyFileMessage,
  MAX_CSV_FILE_BYTES,
  notTextMessage,
  oversizedFileMessage,
  readCsvFile,
} from './read-csv-file.js';

const fileOf = (name: string, content: string, size = new Blob([content]).size) => ({
  name,
  size,
  text: () => Promise.resolve(content),
});

describe('readCsvFile', () => {
  it('answers the text of a CSV', async () => {
    expect(await readCsvFile(new File(['npi\r\n1234567893\r\n'], 'links.csv'))).toEqual({
      ok: true,
      text: 'npi\r\n1234567893\r\n',
    });
  });

  it('refuses an empty file in words', async () => {
    expect(await readCsvFile(new File([], 'empty.csv'))).toEqual({ ok: false, error: emptyFileMessage('empty.csv') });
    expect(emptyFileMessage('empty.csv')).toBe('empty.csv is empty. Choose a CSV with one provider on each line.');
  });

  it('refuses a file over 5 MB without reading it, saying its size', async () => {
    const file = {
      ...fileOf('huge.csv', ''),
      size: MAX_CSV_FILE_BYTES + 1,
      text: () => Promise.reject(new Error('read')),
    };
    expect(await readCsvFile(file)).toEqual({
      ok: false,
      error: oversizedFileMessage('huge.csv', MAX_CSV_FILE_BYTES + 1),
    });
    expect(oversizedFileMessage('huge.csv', 7.25 * 1024 * 1024)).toMatch(
      /^huge\.csv is 7\.3 MB; files over 5 MB are refused\./,
    );
  });

  it('refuses a binary file such as a spreadsheet', async () => {
    expect(await readCsvFile(fileOf('book.xlsx', 'PK\u0003\u0004\u0000\u0000'))).toEqual({
      ok: false,
      error: notTextMessage('book.xlsx'),
    });
  });
});
