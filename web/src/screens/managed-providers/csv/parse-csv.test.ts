import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv.js';

describe('parseCsv', () => {
  it('splits records on LF, CRLF and a lone CR, and cells on commas', () => {
    expect(parseCsv('a,b\nc,d\r\ne,f\rg,h')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
      { line: 3, cells: ['e', 'f'] },
      { line: 4, cells: ['g', 'h'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, numbering lines from where a record starts', () => {
    const records = parseCsv('1234567893,"Smith, John ""Jack"""\r\n1234567893,"Two\r\nlines"\r\n1,x\r\n');
    expect(records).toEqual([
      { line: 1, cells: ['1234567893', 'Smith, John "Jack"'] },
      { line: 2, cells: ['1234567893', 'Two\r\nlines'] },
      { line: 4, cells: ['1', 'x'] },
    ]);
  });

  it('drops a byte order mark, blank lines and the final newline', () => {
    expect(parseCsv('\uFEFFnpi,value\n\n1,a\n\n')).toEqual([
      { line: 1, cells: ['npi', 'value'] },
      { line: 3, cells: ['1', 'a'] },
    ]);
  });

  it('keeps empty cells and keeps a quote inside an unquoted field as a character', () => {
    expect(parseCsv('1,\n,x\n2,O"Neil')).toEqual([
      { line: 1, cells: ['1', ''] },
      { line: 2, cells: ['', 'x'] },
      { line: 3, cells: ['2', 'O"Neil'] },
    ]);
  });

  it('ends an unterminated quoted field at the end of the text', () => {
    expect(parseCsv('1,"open')).toEqual([{ line: 1, cells: ['1', 'open'] }]);
  });

  it('answers nothing for empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\r\n\n')).toEqual([]);
  });
});
