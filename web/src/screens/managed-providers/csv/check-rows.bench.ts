import { bench, describe } from 'vitest';
import { toCsv } from '../../../lib/table-csv.js';
import { KINDS } from '../kinds.js';
import { checkRows, type DirectoryProvider } from './check-rows.js';
import { rowsFromCsv } from './csv-rows.js';
import { validNpi, validNpi15 } from './test-npis.js';

// The 1,000-row check of the bulk editor (see check-rows.test.ts), and writing as many rows back out:
// `pnpm exec vitest bench --run --project web check-rows`. Figures go in the commit, not in assertions.
const npis = Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? validNpi15(i) : validNpi(i)));
const text = `npi,alias\r\n${npis.map((npi, i) => `${npi},"Alias, ${i}"`).join('\r\n')}\r\n`;
const known = new Map(
  npis
    .slice(0, 900)
    .map((npi): [string, DirectoryProvider] => [
      npi,
      { npi, name: `Dr. ${npi}`, specialty: 'Cardiology', city: 'Springfield', state: 'IL' },
    ]),
);
const columns = [
  { header: 'npi', value: (row: { npi: string; alias: string }) => row.npi },
  { header: 'alias', value: (row: { npi: string; alias: string }) => row.alias },
];
const written = npis.map((npi, i) => ({ npi, alias: i % 7 === 0 ? `=Alias "${i}"` : `Alias, ${i}` }));

describe('CSV of 1,000 rows', () => {
  bench('parse', () => {
    rowsFromCsv(text, 'update');
  });

  bench('parse and check', () => {
    const result = rowsFromCsv(text, 'update');
    if (!result.ok) throw new Error(result.error);
    checkRows(result.rows, KINDS.aliases, 'update', (npi) => known.get(npi) ?? null);
  });

  bench('write', () => {
    toCsv(columns, written);
  });
});
