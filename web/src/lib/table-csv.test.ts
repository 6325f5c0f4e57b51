import { describe, expect, it } from 'vitest';
import { toCsv } from './table-csv.js';
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

  it('defuses a formula typed into a name (the shared writer, lib/csv.ts)', () => {
    expect(toCsv(COLUMNS, [{ name: '=1+1', users: -1, note: null }])).toContain('"\'=1+1",-1,');
  });
});
