import { CATALOG_KINDS } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import {
  selectCatalogVersion,
  selectCustomerSegments,
  selectProducts,
  type ProductFilters,
} from '../stores/catalog.js';
import { validationError } from './errors.js';

/** How a filter key's value must look: a boolean, or one of some strings, or any string. */
type FilterType = 'boolean' | 'string' | readonly string[];
type Filters = Record<string, boolean | string>;

const PRODUCT_FILTERS: Record<string, FilterType> = {
  is_license_required: 'boolean',
  kind: CATALOG_KINDS,
  product: 'string',
};
const SEGMENT_FILTERS: Record<string, FilterType> = { active: 'boolean' };

const filterError = (msg: string) => validationError([{ param: 'filters', msg }]);

/** Parses the `filters` query parameter: a JSON object whose keys and values the route knows. */
export function parseFilters(raw: string | undefined, allowed: Record<string, FilterType>): Filters {
  if (raw === undefined || raw === '') return {};
  const example = `such as {"${Object.keys(allowed)[0]}":true}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw filterError(`Filters must be a JSON object, ${example}.`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw filterError(`Filters must be a JSON object, ${example}.`);
  for (const [key, value] of Object.entries(parsed)) {
    // Own keys only: `toString` must not find Object.prototype's function and pass as a filter.
    const type = Object.hasOwn(allowed, key) ? allowed[key] : undefined;
    if (type === undefined)
      throw filterError(`Cannot filter by ${key}. Filter by one of: ${Object.keys(allowed).join(', ')}.`);
    if (type === 'boolean' && typeof value !== 'boolean') throw filterError(`The ${key} filter must be true or false.`);
    if (type === 'string' && typeof value !== 'string') throw filterError(`The ${key} filter must be a string.`);
    if (Array.isArray(type) && !type.includes(value as string))
      throw filterError(`The ${key} filter must be one of: ${type.join(', ')}.`);
  }
  return parsed as Filters;
}

/** The kinds `include` names (comma-joined); all kinds when it is absent. */
function parseInclude(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...CATALOG_KINDS];
  const kinds = raw
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
  const unknown = kinds.filter((kind) => !(CATALOG_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) {
    throw validationError([
      {
        param: 'include',
        msg: `Unknown product kind ${unknown.join(', ')}. Include any of: ${CATALOG_KINDS.join(', ')}.`,
      },
    ]);
  }
  return kinds;
}

/** The catalog's products of the kinds `include` names, matching `filters` (a JSON object as text). */
export async function listProducts(db: Queryable, query: { pr_catalog: boolean; include?: string; filters?: string }) {
  const kinds = parseInclude(query.include);
  const filters = parseFilters(query.filters, PRODUCT_FILTERS) as ProductFilters;
  const rows = await selectProducts(db, query.pr_catalog, kinds, filters);
  const version = await selectCatalogVersion(db, query.pr_catalog);
  const data = rows.map((row) => ({ id: row.product, ...row, version }));
  return { data, total: data.length, version };
}

export const catalogVersion = selectCatalogVersion;

/** Customer segments, filtered by `filters` ({"active": true} or false). */
export async function listCustomerSegments(db: Queryable, rawFilters: string | undefined) {
  const filters = parseFilters(rawFilters, SEGMENT_FILTERS);
  return selectCustomerSegments(db, 'active' in filters ? (filters.active as boolean) : undefined);
}
