import { invalidValue } from './errors.js';
import { filterToSql } from './filter.js';
import { USER_SCHEMA } from './user-resource.js';

// A list's query (RFC 7644 §3.4.2): startIndex/count paging for /Users and /Groups; for /Users also filter
// and sortBy/sortOrder, read into what the store runs.

export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const DEFAULT_COUNT = 100;
/** ServiceProviderConfig's filter.maxResults: a larger count is served as this many (RFC 7644 §3.4.2.4). */
export const MAX_RESULTS = 200;

export interface ScimListQuery {
  filter?: string;
  startIndex?: string;
  count?: string;
  sortBy?: string;
  sortOrder?: string;
}

/** The sortable attributes (lowercase, core URN prefix allowed) and their SQL; email breaks ties, so pages never overlap. */
const SORTABLE: ReadonlyMap<string, string> = new Map([
  ['username', 'email'],
  ['displayname', 'lower(name)'],
  ['meta.lastmodified', 'updated_at'],
]);

function integerOf(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\s*-?\d{1,15}\s*$/.test(value))
    throw invalidValue(`${name} must be an integer, not ${JSON.stringify(value)}.`);
  return Number(value);
}

function orderOf(sortBy: string | undefined, sortOrder: string | undefined): string {
  const order = (sortOrder ?? 'ascending').toLowerCase();
  if (order !== 'ascending' && order !== 'descending')
    throw invalidValue(`sortOrder must be ascending or descending, not ${JSON.stringify(sortOrder)}.`);
  const direction = order === 'descending' ? 'DESC' : 'ASC';
  if (sortBy === undefined) return `email ${direction}`;
  const key = sortBy.toLowerCase().replace(`${USER_SCHEMA.toLowerCase()}:`, '');
  const column = SORTABLE.get(key);
  if (!column)
    throw invalidValue(`sortBy ${sortBy} is not sortable. Sort by userName, displayName or meta.lastModified.`);
  return column === 'email' ? `email ${direction}` : `${column} ${direction}, email ${direction}`;
}

/** startIndex and count as RFC 7644 §3.4.2.4 reads them (below 1 → 1, negative → 0, above MAX_RESULTS → MAX_RESULTS). */
export function readPage(query: Pick<ScimListQuery, 'startIndex' | 'count'>) {
  return {
    startIndex: Math.max(1, integerOf(query.startIndex, 'startIndex', 1)),
    count: Math.min(MAX_RESULTS, Math.max(0, integerOf(query.count, 'count', DEFAULT_COUNT))),
  };
}

/**
 * The store's query for a list: startIndex below 1 reads as 1, a negative count as 0 (RFC 7644
 * §3.4.2.4), a count above MAX_RESULTS as MAX_RESULTS. `params` starts with the organization ($1).
 */
export function readListQuery(query: ScimListQuery, organizationId: string) {
  const { startIndex, count } = readPage(query);
  const params: unknown[] = [organizationId];
  const where = query.filter === undefined || query.filter.trim() === '' ? null : filterToSql(query.filter, params);
  return {
    startIndex,
    store: { where, params, orderBy: orderOf(query.sortBy, query.sortOrder), offset: startIndex - 1, limit: count },
  };
}
