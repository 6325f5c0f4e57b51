import { npiProblems, unknownProviderMessage, validateNpi, validateProviderLinkValue } from '@meridian/schema';
import type { EditMode, KindInfo } from '../kinds.js';
import type { DraftRow } from './csv-rows.js';

/** What the directory says of a provider: found (with what the review shows), or not there. */
export interface DirectoryProvider {
  npi: string;
  name: string;
  specialty: string;
  city: string;
  state: string;
}

/** A provider by NPI: the entry, null when the directory lacks it, undefined when not looked up yet. */
export type DirectoryRead = (npi: string) => DirectoryProvider | null | undefined;

export type RowState = 'ready' | 'problem' | 'checking';

export interface CheckedRow extends DraftRow {
  state: RowState;
  /** The row's first problem, in the platform's order (decisions.md "Provider links"). */
  problem: string | null;
  provider: DirectoryProvider | null;
}

/**
 * Checks every row as the platform will, in its order, so each row shows the same first problem the
 * platform would answer: the row's shape, NPI format and check digit, a repeat of an earlier row (the
 * first goes ahead), not in the directory, then the value (updates only). A row whose provider has
 * not been looked up yet is 'checking'.
 */
export function checkRows(rows: readonly DraftRow[], kind: KindInfo, mode: EditMode, directory: DirectoryRead) {
  const npiChecks = npiProblems(rows.map((row) => row.npi));
  return rows.map((row, index): CheckedRow => {
    const problemRow = (problem: string): CheckedRow => ({ ...row, state: 'problem', problem, provider: null });
    if (row.shapeProblem) return problemRow(row.shapeProblem);
    const npiProblem = npiChecks[index];
    if (npiProblem) return problemRow(npiProblem);
    const provider = directory(row.npi);
    if (provider === undefined) return { ...row, state: 'checking', problem: null, provider: null };
    if (provider === null) return problemRow(unknownProviderMessage(row.npi));
    const valueProblem = mode === 'update' ? validateProviderLinkValue(kind.rest, row.value) : null;
    if (valueProblem) return { ...row, state: 'problem', problem: valueProblem, provider };
    return { ...row, state: 'ready', problem: null, provider };
  });
}

/** The distinct well-formed NPIs of the rows that the directory has not answered for yet. */
export function npisToLookUp(rows: readonly DraftRow[], directory: DirectoryRead): string[] {
  const wanted = new Set<string>();
  for (const row of rows) {
    if (!wanted.has(row.npi) && validateNpi(row.npi) === null && directory(row.npi) === undefined) wanted.add(row.npi);
  }
  return [...wanted];
}

export interface RowCounts {
  all: number;
  ready: number;
  problem: number;
  checking: number;
}

export function countRows(rows: readonly CheckedRow[]): RowCounts {
  const counts: RowCounts = { all: rows.length, ready: 0, problem: 0, checking: 0 };
  for (const row of rows) counts[row.state]++;
  return counts;
}
