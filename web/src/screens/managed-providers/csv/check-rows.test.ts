import {
  ALIAS_CONTROL_CHARACTERS_MESSAGE,
  ALIAS_MESSAGE,
  duplicateNpiMessage,
  NPI_FORMAT_MESSAGE,
  npiCheckDigitMessage,
  RELATIONSHIP_MESSAGE,
  unknownProviderMessage,
} from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../kinds.js';
import { checkRows, countRows, npisToLookUp, type DirectoryProvider, type DirectoryRead } from './check-rows.js';
import { rowsFromCsv, type DraftRow } from './csv-rows.js';
import { badCheckDigit, validNpi, validNpi15 } from './test-npis.js';

const provider = (npi: string): DirectoryProvider => ({
  npi,
  name: `Dr. ${npi}`,
  specialty: 'Cardiology',
  city: 'Springfield',
  state: 'IL',
});

/** A stubbed directory lookup: every NPI in `known` is found, every other one answered missing. */
const directoryOf =
  (known: readonly string[]): DirectoryRead =>
  (npi) =>
    known.includes(npi) ? provider(npi) : null;

function rows(text: string, mode: 'update' | 'remove' = 'update'): DraftRow[] {
  const result = rowsFromCsv(text, mode);
  if (!result.ok) throw new Error(result.error);
  return result.rows;
}

const problems = (checked: ReturnType<typeof checkRows>) => checked.map((row) => row.problem);

describe('checkRows', () => {
  const ten = validNpi(42);
  const fifteen = validNpi15(42);

  it('passes 10- and 15-digit NPIs of known providers with good aliases', () => {
    const checked = checkRows(
      rows(`${ten},Dr. Smith\n${fifteen},Dr. Jones`),
      KINDS.aliases,
      'update',
      directoryOf([ten, fifteen]),
    );
    expect(checked.map((row) => [row.state, row.problem, row.provider?.name])).toEqual([
      ['ready', null, `Dr. ${ten}`],
      ['ready', null, `Dr. ${fifteen}`],
    ]);
  });

  it("refuses malformed NPIs and bad check digits with decisions.md's messages", () => {
    const wrong10 = badCheckDigit(ten);
    const wrong15 = badCheckDigit(fifteen);
    const text = [`123,A`, `12345678901,A`, `${wrong10},A`, `${wrong15},A`, `90840${ten},A`, `abcdefghij,A`].join('\n');
    expect(problems(checkRows(rows(text), KINDS.aliases, 'update', directoryOf([])))).toEqual([
      NPI_FORMAT_MESSAGE,
      NPI_FORMAT_MESSAGE,
      npiCheckDigitMessage(wrong10),
      npiCheckDigitMessage(wrong15),
      NPI_FORMAT_MESSAGE,
      NPI_FORMAT_MESSAGE,
    ]);
    expect(npiCheckDigitMessage('1234567890')).toBe('NPI 1234567890 fails its check digit.');
  });

  it('marks providers the stubbed lookup does not know', () => {
    const unknown = validNpi(7);
    expect(problems(checkRows(rows(`${ten},A\n${unknown},B`), KINDS.aliases, 'update', directoryOf([ten])))).toEqual([
      null,
      unknownProviderMessage(unknown),
    ]);
  });

  it('lets the first of repeated NPIs go ahead and marks the repeats', () => {
    const checked = checkRows(
      rows(`${ten},A\n${fifteen},B\n${ten},C\n${ten},D`),
      KINDS.aliases,
      'update',
      directoryOf([ten, fifteen]),
    );
    expect(problems(checked)).toEqual([null, null, duplicateNpiMessage(ten), duplicateNpiMessage(ten)]);
    expect(countRows(checked)).toEqual({ all: 4, ready: 2, problem: 2, checking: 0 });
  });

  it('checks alias length and relationship values with the schema validators', () => {
    const long = 'x'.repeat(121);
    const other = validNpi(8);
    expect(
      problems(checkRows(rows(`${ten},${long}\n${fifteen}, `), KINDS.aliases, 'update', directoryOf([ten, fifteen]))),
    ).toEqual([ALIAS_MESSAGE, ALIAS_MESSAGE]);
    const relationships = checkRows(
      rows(`${ten},Employed\n${fifteen},employed\n${other},Referral Partner`),
      KINDS.relationships,
      'update',
      directoryOf([ten, fifteen, other]),
    );
    expect(problems(relationships)).toEqual([null, RELATIONSHIP_MESSAGE, null]);
  });

  it('refuses an alias holding a control character (NUL) in its row, as the platform does', () => {
    const checked = checkRows(
      rows(`${ten},Bad\u0000alias\n${fifteen},Fine`),
      KINDS.aliases,
      'update',
      directoryOf([ten, fifteen]),
    );
    expect(problems(checked)).toEqual([ALIAS_CONTROL_CHARACTERS_MESSAGE, null]);
  });

  it("answers each row's first problem in the platform's order: shape, NPI, repeat, directory, value", () => {
    const unknown = validNpi(9);
    const checked = checkRows(
      rows(`${ten}\n123,\n${fifteen},\n${fifteen},\n${unknown},`),
      KINDS.aliases,
      'update',
      directoryOf([ten, fifteen]),
    );
    expect(problems(checked)).toEqual([
      'Line 1 needs an NPI and a value, separated by a comma.',
      NPI_FORMAT_MESSAGE,
      ALIAS_MESSAGE,
      duplicateNpiMessage(fifteen),
      unknownProviderMessage(unknown),
    ]);
  });

  it('does not check values of removals', () => {
    expect(
      problems(checkRows(rows(`${ten}\n${fifteen}`, 'remove'), KINDS.aliases, 'remove', directoryOf([ten, fifteen]))),
    ).toEqual([null, null]);
  });

  it('keeps rows not yet looked up as checking', () => {
    const checked = checkRows(rows(`${ten},A\n123,B`), KINDS.aliases, 'update', () => undefined);
    expect(checked.map((row) => row.state)).toEqual(['checking', 'problem']);
  });
});

describe('npisToLookUp', () => {
  it('asks once for each distinct well-formed NPI the directory has not answered for', () => {
    const a = validNpi(1);
    const b = validNpi15(2);
    const c = validNpi(3);
    const draft = rows(`${a},x\n${b},x\n${a},x\n123,x\n${badCheckDigit(c)},x\n${c},x`);
    expect(npisToLookUp(draft, (npi) => (npi === c ? null : undefined))).toEqual([a, b]);
  });
});

describe('checking a CSV of 1,000 rows in memory', () => {
  it('parses and checks every row far inside the second the whole check may take', () => {
    const npis = Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? validNpi15(i) : validNpi(i)));
    const text = `npi,alias\r\n${npis.map((npi, i) => `${npi},"Alias, ${i}"`).join('\r\n')}\r\n`;
    const started = performance.now();
    const draft = rows(text);
    const checked = checkRows(draft, KINDS.aliases, 'update', directoryOf(npis.slice(0, 900)));
    const elapsed = performance.now() - started;
    expect(countRows(checked)).toEqual({ all: 1000, ready: 900, problem: 100, checking: 0 });
    // Typically ~10 ms; the rest of the second is the one lookup and drawing a page of rows.
    expect(elapsed).toBeLessThan(250);
  });
});
