import type { ProviderLinkKind, ProviderLinkSortKey, ProviderSortKey } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { containsPattern, orderBy, page, searchTextMatches, type ListQuery } from './sql.js';

/** A provider of the directory (decisions.md "Managed providers"). */
export interface Provider {
  npi: string;
  name: string;
  specialty: string;
  city: string;
  state: string;
  zip: string;
}

const PROVIDER_COLUMNS = 'npi, name, specialty, city, state, zip';

export async function findProvider(db: Queryable, npi: string): Promise<Provider | undefined> {
  return (await db.query<Provider>(`SELECT ${PROVIDER_COLUMNS} FROM providers WHERE npi = $1`, [npi])).rows[0];
}

/** The providers of `npis` that the directory holds, in one query. */
export async function selectProvidersByNpi(db: Queryable, npis: readonly string[]): Promise<Provider[]> {
  return (await db.query<Provider>(`SELECT ${PROVIDER_COLUMNS} FROM providers WHERE npi = ANY($1)`, [npis])).rows;
}

const PROVIDER_SORTABLE: Readonly<Record<ProviderSortKey, string>> = {
  npi: 'npi',
  name: 'lower(name)',
  specialty: 'specialty',
  city: 'city',
  state: 'state',
  zip: 'zip',
};

/** A page of the directory, searched by NPI or name. */
export async function selectProviders(db: Queryable, query: ListQuery): Promise<{ rows: Provider[]; total: number }> {
  const params: unknown[] = [];
  const where = query.search ? `WHERE ${searchTextMatches(query.search, params)}` : '';
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM providers ${where}`, params)).rows[0]!.n;
  const order = orderBy(query.sort, PROVIDER_SORTABLE, 'name', 'npi');
  const { rows } = await db.query<Provider>(
    `SELECT ${PROVIDER_COLUMNS} FROM providers ${where} ${order}${page(query, params)}`,
    params,
  );
  return { rows, total };
}

/**
 * Creates or updates the links in one statement; a link whose value does not change is not written and
 * keeps its updatedAt/updatedBy. `xmax = 0` tells a fresh insert from an update of an existing row;
 * the `old` CTE reads the values from before the statement (same snapshot), for the audit trail.
 * Answers each link written, with its value before (null when created) and after.
 */
export async function upsertLinks(
  tx: Queryable,
  organizationId: string,
  kind: ProviderLinkKind,
  links: readonly { npi: string; value: string }[],
  updatedBy: string,
): Promise<{ npi: string; created: boolean; before: string | null; after: string }[]> {
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
    [organizationId, kind, links.map((link) => link.npi), links.map((link) => link.value), updatedBy],
  );
  return rows;
}

/** Removes the links of `npis` in one DELETE; answers each removed link's value. */
export async function deleteLinks(
  db: Queryable,
  organizationId: string,
  kind: ProviderLinkKind,
  npis: string[],
): Promise<{ npi: string; value: string }[]> {
  const { rows } = await db.query<{ npi: string; value: string }>(
    'DELETE FROM provider_links WHERE organization_id = $1 AND kind = $2 AND npi = ANY($3) RETURNING npi, value',
    [organizationId, kind, npis],
  );
  return rows;
}

export interface LinkRow {
  npi: string;
  kind: ProviderLinkKind;
  value: string;
  updated_at: Date;
  updated_by: string;
  provider: Omit<Provider, 'npi'>;
}

/** Every column of the console's table sorts (place as shown: "City, ST"). */
const LINK_SORTABLE: Readonly<Record<ProviderLinkSortKey, string>> = {
  npi: 'l.npi',
  value: 'lower(l.value)',
  updatedAt: 'l.updated_at',
  updatedBy: 'lower(l.updated_by)',
  name: 'lower(p.name)',
  specialty: 'lower(p.specialty)',
  place: "lower(p.city || ', ' || p.state)",
};

/** A page of an organization's links, each with its provider, searched by NPI, value or provider name. */
export async function selectLinks(
  db: Queryable,
  organizationId: string,
  query: ListQuery & { kind?: ProviderLinkKind },
): Promise<{ rows: LinkRow[]; total: number }> {
  const params: unknown[] = [organizationId];
  let where = 'WHERE l.organization_id = $1';
  if (query.kind) {
    params.push(query.kind);
    where += ` AND l.kind = $${params.length}`;
  }
  if (query.search) {
    params.push(containsPattern(query.search));
    where += ` AND (l.npi || ' ' || lower(l.value) || ' ' || lower(p.name)) LIKE $${params.length}`;
  }
  const from = 'FROM provider_links l JOIN providers p ON p.npi = l.npi';
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${where}`, params)).rows[0]!.n;
  const order = orderBy(query.sort, LINK_SORTABLE, 'npi', 'l.kind, l.npi');
  const { rows } = await db.query<LinkRow>(
    `SELECT l.npi, l.kind, l.value, l.updated_at, l.updated_by,
            json_build_object('name', p.name, 'specialty', p.specialty, 'city', p.city, 'state', p.state, 'zip', p.zip) AS provider
     ${from} ${where} ${order}${page(query, params)}`,
    params,
  );
  return { rows, total };
}
