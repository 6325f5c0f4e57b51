import {
  npiProblems,
  unknownProviderMessage,
  validateNpi,
  validateProviderLinkValue,
  type ProviderLinkKind,
} from '@meridian/schema';
import type { Database, Queryable } from '../db/database.js';
import {
  deleteLinks,
  findProvider,
  selectLinks,
  selectProviders,
  selectProvidersByNpi,
  upsertLinks,
  type Provider,
} from '../stores/providers.js';
import type { ListQuery } from '../stores/sql.js';
import { recordAuditEvent, type AuditSource } from './audit.js';
import { notFound } from './errors.js';

export type { Provider };

// Row-level messages of the bulk calls. The console's bulk screens say the same before sending.

export async function getProvider(db: Queryable, npi: string): Promise<Provider> {
  const provider = await findProvider(db, npi);
  if (!provider) throw notFound('Provider');
  return provider;
}

/** The providers of `npis` that the directory holds, by NPI, in one query. */
export async function findProviders(db: Queryable, npis: readonly string[]): Promise<Map<string, Provider>> {
  if (npis.length === 0) return new Map();
  const rows = await selectProvidersByNpi(db, npis);
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

/** Writes the links (values stored as storedValue gives them); answers each link written. */
async function writeLinks(
  tx: Queryable,
  organizationId: string,
  kind: ProviderLinkKind,
  links: readonly LinkInput[],
  updatedBy: string,
): Promise<Map<string, { status: 'created' | 'updated'; before: string | null; after: string }>> {
  if (links.length === 0) return new Map();
  const stored = links.map((link) => ({ npi: link.npi, value: storedValue(kind, link.value) }));
  const rows = await upsertLinks(tx, organizationId, kind, stored, updatedBy);
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
    for (const row of await deleteLinks(db, organizationId, kind, valid)) removed.set(row.npi, row.value);
  }
  const results = npis.map((npi, i): RowResult<RemoveStatus> => {
    const message = problems[i];
    if (message) return { npi, status: 'error', message };
    return { npi, status: removed.has(npi) ? 'removed' : 'not_found' };
  });
  const changes = [...removed.entries()].map(([npi, before]) => ({ npi, before, after: null }));
  return { results, changes };
}

/**
 * One event for a bulk call: its counts in `details`, each link written or removed as a change named by
 * its NPI. A call naming one NPI targets that provider; a larger one the batch.
 */
async function auditLinks(
  tx: Queryable,
  source: AuditSource,
  action: 'provider-links.upsert' | 'provider-links.remove',
  organizationId: string,
  request: { kind: ProviderLinkKind; npis: readonly string[] },
  changes: LinkChange[],
  summary: Record<string, number>,
): Promise<void> {
  const single = new Set(request.npis).size === 1;
  await recordAuditEvent(tx, source, {
    action,
    organizationId,
    target: single ? { type: 'provider', id: request.npis[0]! } : { type: 'provider-batch', id: null },
    changes: changes.map(({ npi, before, after }) => ({ field: npi, before, after })),
    details: { kind: request.kind, rows: request.npis.length, ...summary },
  });
}

/** A page of the providers of the directory. */
export async function listProviders(db: Queryable, query: ListQuery) {
  return selectProviders(db, query);
}

/** A page of an organization's provider links, each with its provider. */
export async function listProviderLinks(
  db: Queryable,
  organizationId: string,
  query: ListQuery & { kind?: ProviderLinkKind },
) {
  const { rows, total } = await selectLinks(db, organizationId, query);
  const data = rows.map((row) => ({
    npi: row.npi,
    kind: row.kind,
    value: row.value,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
    provider: row.provider,
  }));
  return { data, total };
}

/** Creates or updates links of one kind, answering each row, and records the call as one event. */
export async function upsertLinksAudited(
  db: Database,
  source: AuditSource,
  organizationId: string,
  kind: ProviderLinkKind,
  links: readonly LinkInput[],
  updatedBy: string,
) {
  return db.transaction(async (tx) => {
    const { results, changes } = await upsertProviderLinks(tx, organizationId, kind, links, updatedBy);
    const summary = summarize(results, { created: 'created', updated: 'updated', unchanged: 'unchanged' });
    const npis = links.map((link) => link.npi);
    await auditLinks(tx, source, 'provider-links.upsert', organizationId, { kind, npis }, changes, summary);
    return { results, summary };
  });
}

/** Removes links of one kind, answering each NPI, and records the call as one event. */
export async function removeLinksAudited(
  db: Database,
  source: AuditSource,
  organizationId: string,
  kind: ProviderLinkKind,
  npis: readonly string[],
) {
  return db.transaction(async (tx) => {
    const { results, changes } = await removeProviderLinks(tx, organizationId, kind, npis);
    const summary = summarize(results, { removed: 'removed', not_found: 'notFound' });
    await auditLinks(tx, source, 'provider-links.remove', organizationId, { kind, npis }, changes, summary);
    return { results, summary };
  });
}
