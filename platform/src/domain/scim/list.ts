import { invalidValue } from './errors.js';
import { readUserFilter } from './filter.js';
import type { ScimUserQuery, UserSort } from '../../stores/scim-users.js';
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

/** The sortable attributes (lowercase, core URN prefix allowed); the store breaks ties by userName, so pages never overlap. */
const SORTABLE: ReadonlyMap<string, UserSort['by']> = new Map([
  ['username', 'userName'],
  ['displayname', 'displayName'],
  ['meta.lastmodified', 'lastModified'],
]);

function integerOf(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\s*-?\d{1,15}\s*$/.test(value))
    throw invalidValue(`${name} must be an integer, not ${JSON.stringify(value)}.`);
  return Number(value);
}

function sortOf(sortBy: string | undefined, sortOrder: string | undefined): UserSort {
  const order = (sortOrder ?? 'ascending').toLowerCase();
  if (order !== 'ascending' && order !== 'descending')
    throw invalidValue(`sortOrder must be ascending or descending, not ${JSON.stringify(sortOrder)}.`);
  const descending = order === 'descending';
  if (sortBy === undefined) return { by: 'userName', descending };
  const by = SORTABLE.get(sortBy.toLowerCase().replace(`${USER_SCHEMA.toLowerCase()}:`, ''));
  if (!by) throw invalidValue(`sortBy ${sortBy} is not sortable. Sort by userName, displayName or meta.lastModified.`);
  return { by, descending };
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
 * §3.4.2.4), a count above MAX_RESULTS as MAX_RESULTS.
 */
export function readListQuery(query: ScimListQuery, organizationId: string) {
  const { startIndex, count } = readPage(query);
  const filter = query.filter === undefined || query.filter.trim() === '' ? null : readUserFilter(query.filter);
  const store: ScimUserQuery = {
    organizationId,
    filter,
    sort: sortOf(query.sortBy, query.sortOrder),
    offset: startIndex - 1,
    limit: count,
  };
  return { startIndex, store };
}
