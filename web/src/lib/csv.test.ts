import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, parseCsv } from './csv.js';

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
      // Line ends are made one kind (LF) before papaparse reads the text, inside quotes too.
      { line: 2, cells: ['1234567893', 'Two\nlines'] },
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

  it('numbers lines after a quoted line break in a file of lone CRs', () => {
    expect(parseCsv('1,"a\rb"\r\r2,c').map((record) => record.line)).toEqual([1, 4]);
  });

  it('reads a semicolon or tab as part of a cell: only commas separate', () => {
    expect(parseCsv('1;a\t2,b')).toEqual([{ line: 1, cells: ['1;a\t2', 'b'] }]);
  });
});

describe('csvField', () => {
  it('quotes fields with commas, quotes or line breaks and doubles the quotes', () => {
    expect(csvField('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvField('The "Best" Clinic')).toBe('"The ""Best"" Clinic"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('plain')).toBe('plain');
  });

  it('defuses text a spreadsheet would run as a formula: a leading quote, and the field quoted', () => {
    expect(csvField('=HYPERLINK("http://evil.test")')).toBe('"\'=HYPERLINK(""http://evil.test"")"');
    expect(csvField('+1')).toBe('"\'+1"');
    expect(csvField('-2')).toBe('"\'-2"');
    expect(csvField('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvField('\tcmd')).toBe('"\'\tcmd"');
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    // Only at the start: a formula sign inside the text is text.
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes numbers as numbers (a negative keeps its sign), booleans as words, null and non-finite as empty', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0.5)).toBe('0.5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });
});

describe('csvDocument', () => {
  it('ends every line with CRLF, the last one too', () => {
    expect(
      csvDocument([
        ['a', 1],
        ['b', null],
      ]),
    ).toBe('a,1\r\nb,\r\n');
  });

  it('is read back by parseCsv cell for cell, with a defused formula kept visibly defused', () => {
    const rows = [
      ['npi', 'alias'],
      ['1234567893', 'Smith, "Jack"'],
      ['1234567893', '=HYPERLINK("http://evil.test")'],
    ];
    expect(parseCsv(csvDocument(rows)).map((record) => record.cells)).toEqual([
      rows[0],
      rows[1],
      ['1234567893', '\'=HYPERLINK("http://evil.test")'],
    ]);
  });
});
