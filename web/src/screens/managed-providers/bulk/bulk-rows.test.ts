import { describe, expect, it } from 'vitest';
import type { CheckedRow } from '../csv/check-rows.js';
import type { DraftRow } from '../csv/csv-rows.js';
import { dropRows, editRow, filterRows, isFailedResult, resultRows, resultsCsv, type ResultRow } from './bulk-rows.js';

const draft = (id: number, npi: string, value = 'A', shapeProblem: string | null = null): DraftRow => ({
  id,
  line: id + 1,
  npi,
  value,
  shapeProblem,
});

const checked = (row: DraftRow, state: CheckedRow['state'], problem: string | null = null): CheckedRow => ({
  ...row,
  state,
  problem,
  provider: state === 'ready' ? { npi: row.npi, name: `Dr. ${row.id}`, specialty: 'X', city: 'Y', state: 'IL' } : null,
});

describe('editing and dropping rows', () => {
  it('replaces the cells of the edited row only, trimmed, and forgets its shape problem', () => {
    const rows = [draft(1, '1', 'a', 'Line 2 needs an NPI and a value, separated by a comma.'), draft(2, '2')];
    expect(editRow(rows, 1, { npi: ' 1234567893 ', value: ' Dr. Smith ' })).toEqual([
      { id: 1, line: 2, npi: '1234567893', value: 'Dr. Smith', shapeProblem: null },
      rows[1],
    ]);
  });

  it('drops the rows named', () => {
    expect(dropRows([draft(1, '1'), draft(2, '2'), draft(3, '3')], new Set([1, 3])).map((row) => row.id)).toEqual([2]);
  });

  it('filters checked rows by their state', () => {
    const rows = [
      checked(draft(1, '1'), 'ready'),
      checked(draft(2, '2'), 'problem', 'bad'),
      checked(draft(3, '3'), 'checking'),
    ];
    expect(filterRows(rows, 'all')).toHaveLength(3);
    expect(filterRows(rows, 'problem').map((row) => row.id)).toEqual([2]);
    expect(filterRows(rows, 'ready').map((row) => row.id)).toEqual([1]);
  });
});

describe('resultRows', () => {
  it("matches the answer's results to the sent rows in order, and lists held-back rows as not sent, in file order", () => {
    const sent = [checked(draft(1, '111'), 'ready'), checked(draft(3, '333'), 'ready')];
    const held = [checked(draft(2, '222'), 'problem', 'NPI 222 fails.')];
    const rows = resultRows(
      sent,
      [
        { npi: '111', status: 'CREATED' },
        { npi: '333', status: 'ERROR', message: 'Alias must be 1 to 120 characters.' },
      ],
      held,
    );
    expect(rows.map((row) => [row.line, row.npi, row.status, row.message])).toEqual([
      [2, '111', 'CREATED', null],
      [3, '222', 'NOT_SENT', 'NPI 222 fails.'],
      [4, '333', 'ERROR', 'Alias must be 1 to 120 characters.'],
    ]);
    expect(rows.filter(isFailedResult).map((row) => row.npi)).toEqual(['222', '333']);
  });

  it('marks a sent row the answer forgot as an error', () => {
    const [row] = resultRows([checked(draft(1, '111'), 'ready')], [], []);
    expect(row).toMatchObject({ status: 'ERROR', message: 'No result came back for this row.' });
  });
});

describe('resultsCsv', () => {
  it('writes one line per row with quoted cells where needed, and a header', () => {
    const rows: ResultRow[] = [
      { id: 1, line: 2, npi: '1', value: 'Smith, "Jack"', providerName: null, status: 'UPDATED', message: null },
      { id: 2, line: 3, npi: '2', value: '', providerName: null, status: 'NOT_SENT', message: 'Bad, very.' },
    ];
    expect(resultsCsv(rows, true)).toBe(
      'line,npi,value,result,message\r\n2,1,"Smith, ""Jack""",Updated,\r\n3,2,,Not sent,"Bad, very."\r\n',
    );
    expect(resultsCsv(rows, false).split('\r\n')[0]).toBe('line,npi,result,message');
  });

  it('defuses an alias typed as a spreadsheet formula, as every export of the console does', () => {
    const rows: ResultRow[] = [
      {
        id: 1,
        line: 2,
        npi: '1',
        value: '=HYPERLINK("http://evil.test")',
        providerName: null,
        status: 'CREATED',
        message: null,
      },
    ];
    expect(resultsCsv(rows, true).split('\r\n')[1]).toBe('2,1,"\'=HYPERLINK(""http://evil.test"")",Created,');
  });
});
