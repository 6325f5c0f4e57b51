import { PROVIDER_BATCH_LIMIT } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import {
  emptyCsvMessage,
  extraColumnsMessage,
  missingValueMessage,
  rowsFromCsv,
  tooManyRowsMessage,
} from './csv-rows.js';

const rowsOf = (result: ReturnType<typeof rowsFromCsv>) => {
  if (!result.ok) throw new Error(result.error);
  return result.rows;
};

describe('rowsFromCsv', () => {
  it('reads npi,value rows with CRLF, trimming cells and keeping quoted commas', () => {
    const result = rowsFromCsv('1234567893, Dr. Smith \r\n808401234567893,"Jones, Ann"\r\n', 'update');
    expect(result).toEqual({
      ok: true,
      headerSkipped: false,
      rows: [
        { id: 1, line: 1, npi: '1234567893', value: 'Dr. Smith', shapeProblem: null },
        { id: 2, line: 2, npi: '808401234567893', value: 'Jones, Ann', shapeProblem: null },
      ],
    });
  });

  it('skips a header row whatever its case, and only on the first line', () => {
    const result = rowsFromCsv('NPI,Alias\n1234567893,A\nnpi,B', 'update');
    expect(result.ok && result.headerSkipped).toBe(true);
    expect(rowsOf(result).map((row) => [row.line, row.npi])).toEqual([
      [2, '1234567893'],
      [3, 'npi'],
    ]);
  });

  it('refuses an empty file, blank lines only, or a header alone, in words', () => {
    expect(rowsFromCsv('', 'update')).toEqual({ ok: false, error: emptyCsvMessage('update') });
    expect(rowsFromCsv('\r\n \n', 'remove')).toEqual({ ok: false, error: emptyCsvMessage('remove') });
    expect(rowsFromCsv('npi,value\r\n', 'update')).toEqual({ ok: false, error: emptyCsvMessage('update') });
    expect(emptyCsvMessage('update')).toBe('The CSV has no rows. Put one provider on each line: npi,value.');
  });

  it(`refuses more than ${PROVIDER_BATCH_LIMIT} rows, not counting the header`, () => {
    const lines = (n: number) => Array.from({ length: n }, () => '1234567893').join('\n');
    expect(rowsFromCsv(`npi\n${lines(PROVIDER_BATCH_LIMIT)}`, 'remove').ok).toBe(true);
    expect(rowsFromCsv(lines(PROVIDER_BATCH_LIMIT + 1), 'remove')).toEqual({
      ok: false,
      error: tooManyRowsMessage(PROVIDER_BATCH_LIMIT + 1),
    });
    expect(tooManyRowsMessage(5001)).toBe(
      'The CSV has 5,001 rows; at most 5,000 can be sent at once. Split it into smaller files.',
    );
  });

  it('marks update rows without a value or with extra columns, naming the line', () => {
    const rows = rowsOf(rowsFromCsv('1234567893\n1234567893,Smith, John\n1234567893,', 'update'));
    expect(rows.map((row) => row.shapeProblem)).toEqual([missingValueMessage(1), extraColumnsMessage(2, 3), null]);
    expect(rows[2]!.value).toBe('');
  });

  it('reads removals from the first column only, so an update file works as it is', () => {
    const rows = rowsOf(rowsFromCsv('npi,value\n1234567893,Dr. Smith,extra\n808401234567893', 'remove'));
    expect(rows.map((row) => [row.npi, row.value, row.shapeProblem])).toEqual([
      ['1234567893', '', null],
      ['808401234567893', '', null],
    ]);
  });
});
