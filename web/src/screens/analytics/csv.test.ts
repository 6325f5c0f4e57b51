import { describe, expect, it } from 'vitest';
import { csvField } from '../../lib/csv.js';
import { csvFileName, toCsv } from './csv.js';
import type { Column } from './table-columns.js';

interface Org {
  name: string;
  users: number;
  note: string | null;
}

const COLUMNS: Column<Org>[] = [
  { header: 'Organization', value: (row) => row.name },
  { header: 'Users', value: (row) => row.users, render: () => 'rendered, not exported', numeric: true },
  { header: 'Note, if any', value: (row) => row.note },
];

describe('CSV export', () => {
  it('starts with the header row of the columns and writes one line per row, CRLF-ended', () => {
    const csv = toCsv(COLUMNS, [
      { name: 'Acme Health', users: 12, note: null },
      { name: 'Globex', users: 3, note: 'new' },
    ]);
    expect(csv).toBe('Organization,Users,"Note, if any"\r\nAcme Health,12,\r\nGlobex,3,new\r\n');
  });

  it('exports the plain value, not what the table renders', () => {
    expect(toCsv(COLUMNS, [{ name: 'A', users: 1500, note: null }])).toContain('A,1500,');
  });

  it('has only the header row for no rows', () => {
    expect(toCsv(COLUMNS, [])).toBe('Organization,Users,"Note, if any"\r\n');
  });

  it('quotes fields with commas, quotes or line breaks and doubles the quotes', () => {
    expect(csvField('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvField('The "Best" Clinic')).toBe('"The ""Best"" Clinic"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('plain')).toBe('plain');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.test")')).toBe('"\'=HYPERLINK(""http://evil.test"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
  });

  it('writes numbers as numbers (a negative keeps its sign), booleans as words, null and non-finite as empty', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0.5)).toBe('0.5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('names the file after the section and the date of the figures', () => {
    expect(csvFileName('license-use', '2026-03-04T10:20:30.000Z')).toBe('analytics-license-use-2026-03-04.csv');
  });
});
