import {
  npiProblems,
  unknownProviderMessage,
  validateNpi,
  validateProviderLinkValue,
  type ProviderLinkKind,
} from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { notFound } from '../http/errors.js';

/** A provider of the directory (decisions.md "Managed providers"). */
export interface Provider {
  npi: string;
  name: string;
  specialty: string;
  city: string;
  state: string;
  zip: string;
}

export const PROVIDER_COLUMNS = 'npi, name, specialty, city, state, zip';

// Row-level messages of the bulk calls. The console's bulk screens say the same before sending.

export async function getProvider(db: Queryable, npi: string): Promise<Provider> {
  const { rows } = await db.query<Provider>(`SELECT ${PROVIDER_COLUMNS} FROM providers WHERE npi = $1`, [npi]);
  if (!rows[0]) throw notFound('Provider');
  return rows[0];
}

/** The providers of `npis` that the directory holds, by NPI, in one query. */
export async function findProviders(db: Queryable, npis: readonly string[]): Promise<Map<string, Provider>> {
  if (npis.length === 0) return new Map();
  const { rows } = await db.query<Provider>(`SELECT ${PROVIDER_COLUMNS} FROM providers WHERE npi = ANY($1)`, [npis]);
  return new Map(rows.map((row) => [row.npi, row]));
}

export interface LookupResult {
  data: Provider[];
  missing: string[];
  invalid: { npi: string; msg: string }[];
}

/** Batch lookup: each distinct NPI once, in request order, sorted into found, missing and invalid. */
export async function lookupProviders(db: Queryable, npis: readonly string[]): Promise<LookupResult> {
  const distinct = [...new Set(npis)];
  const invalid: LookupResult['invalid'] = [];
  const valid: string[] = [];
  for (const npi of distinct) {
    const msg = validateNpi(npi);
    if (msg) invalid.push({ npi, msg });
    else valid.push(npi);
  }
  const found = await findProviders(db, valid);
  return {
    data: valid.flatMap((npi) => found.get(npi) ?? []),
    missing: valid.filter((npi) => !found.has(npi)),
    invalid,
  };
}

/** One row's answer in a bulk call; `message` only with status 'error'. */
export interface RowResult<S extends string> {
  npi: string;
  status: S | 'error';
  message?: string;
}

/** Counts of each status under its summary key (`keyOf`), plus `errors`, for a bulk answer. */
export function summarize<S extends string, K extends string>(
  results: readonly RowResult<S>[],
  keyOf: Record<S, K>,
): Record<K | 'errors', number> {
  const summary = Object.fromEntries([...Object.values<K>(keyOf), 'errors'].map((key) => [key, 0])) as Record<
    K | 'errors',
    number
  >;
  for (const { status } of results) {
    const key = status === 'error' ? 'errors' : keyOf[status];
    summary[key] += 1;
  }
  return summary;
}

export interface LinkInput {
  npi: string;
  value: string;
}

export type UpsertStatus = 'created' | 'updated' | 'unchanged';

/** Aliases are kept trimmed, as the validator measures them; relationships must match a value exactly. */
function storedValue(kind: ProviderLinkKind, value: string): string {
  return kind === 'provider_alias' ? value.trim() : value;
}

/** A link's value before and after a bulk call (null: there was none, or there is none now), by NPI. */
export interface LinkChange {
  npi: string;
  before: string | null;
  after: string | null;
}

/**
 * Checks every row (NPI, duplicates, known provider, value), then writes the valid ones in ONE
 * statement. Run it in a transaction: the directory check and the write must agree. Answers each row,
 * and the value change of each row written (for the audit trail).
 */
export async function upsertProviderLinks(
  tx: Queryable,
  organizationId: string,
  kind: ProviderLinkKind,
  links: readonly LinkInput[],
  updatedBy: string,
): Promise<{ results: RowResult<UpsertStatus>[]; changes: LinkChange[] }> {
  const problems = npiProblems(links.map((link) => link.npi));
  const known = await findProviders(
    tx,
    links.filter((_, i) => problems[i] === null).map((link) => link.npi),
  );
  const rowProblems = links.map(
    (link, i) =>
      problems[i] ??
      (known.has(link.npi) ? null : unknownProviderMessage(link.npi)) ??
      validateProviderLinkValue(kind, link.value),
  );
  const writable = links.filter((_, i) => rowProblems[i] === null);
  const written = await writeLinks(tx, organizationId, kind, writable, updatedBy);
  const results = links.map((link, i): RowResult<UpsertStatus> => {
    const message = rowProblems[i];
    if (message) return { npi: link.npi, status: 'error', message };
    return { npi: link.npi, status: written.get(link.npi)?.status ?? 'unchanged' };
  });
  const changes = [...written.entries()].map(([npi, { before, after }]) => ({ npi, before, after }));
  return { results, changes };
}

/**
 * INSERT … ON CONFLICT DO UPDATE only where the value differs, so an unchanged row is not returned and
 * keeps its updatedAt/updatedBy. `xmax = 0` tells a fresh insert from an update of an existing row;
 * the `old` CTE reads the values from before the statement (same snapshot), for the audit trail.
 */
async function writeLinks(
  tx: Queryable,
  organizationId: string,
  kind: ProviderLinkKind,
  links: readonly LinkInput[],
  updatedBy: string,
): Promise<Map<string, { status: 'created' | 'updated'; before: string | null; after: string }>> {
  if (links.length === 0) return new Map();
  const { rows } = await tx.query<{ npi: string; created: boolean; before: string | null; after: string }>(
    `WITH input AS (SELECT * FROM unnest($3::text[], $4::text[]) AS input(npi, value)),
     old AS (SELECT npi, value FROM provider_links
              WHERE organization_id = $1 AND kind = $2 AND npi IN (SELECT npi FROM input)),
     written AS (
       INSERT INTO provider_links AS l (organization_id, kind, npi, value, updated_by, updated_at)
       SELECT $1, $2, input.npi, input.value, $5, now() FROM input
       ON CONFLICT (organization_id, kind, npi) DO UPDATE
         SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
         WHERE l.value IS DISTINCT FROM EXCLUDED.value
       RETURNING l.npi, (l.xmax = 0) AS created, l.value)
     SELECT w.npi, w.created, old.value AS before, w.value AS after FROM written w LEFT JOIN old ON old.npi = w.npi`,
    [
      organizationId,
      kind,
      links.map((link) => link.npi),
      links.map((link) => storedValue(kind, link.value)),
      updatedBy,
    ],
  );
  return new Map(
    rows.map((row) => [row.npi, { status: row.created ? 'created' : 'updated', before: row.before, after: row.after }]),
  );
}

export type RemoveStatus = 'removed' | 'not_found';

/**
 * Removes the links of `npis` in one DELETE; invalid and repeated NPIs are answered as errors. Answers
 * each NPI, and the value each removed link had (for the audit trail).
 */
export async function removeProviderLinks(
  db: Queryable,
  organizationId: string,
  kind: ProviderLinkKind,
  npis: readonly string[],
): Promise<{ results: RowResult<RemoveStatus>[]; changes: LinkChange[] }> {
  const problems = npiProblems(npis);
  const valid = npis.filter((_, i) => problems[i] === null);
  const removed = new Map<string, string>();
  if (valid.length > 0) {
    const { rows } = await db.query<{ npi: string; value: string }>(
      'DELETE FROM provider_links WHERE organization_id = $1 AND kind = $2 AND npi = ANY($3) RETURNING npi, value',
      [organizationId, kind, valid],
    );
    for (const row of rows) removed.set(row.npi, row.value);
  }
  const results = npis.map((npi, i): RowResult<RemoveStatus> => {
    const message = problems[i];
    if (message) return { npi, status: 'error', message };
    return { npi, status: removed.has(npi) ? 'removed' : 'not_found' };
  });
  const changes = [...removed.entries()].map(([npi, before]) => ({ npi, before, after: null }));
  return { results, changes };
}
