import type { ColumnSort } from '../../../components/SortableHeader.js';
import type { ProviderLinkSortField } from '../../../gql/graphql.js';

/** The sort's URL parameter: a column key, '-' in front for descending (as the organizations list). */
export const LINK_SORT_PARAM = 'sort';

/** Every column of the table sorts, by its URL key. */
export const LINK_SORT_FIELDS = {
  npi: 'NPI',
  provider: 'NAME',
  specialty: 'SPECIALTY',
  place: 'PLACE',
  value: 'VALUE',
  changed: 'UPDATED_AT',
  changedBy: 'UPDATED_BY',
} as const satisfies Record<string, ProviderLinkSortField>;

export type LinkSortKey = keyof typeof LINK_SORT_FIELDS;
export type LinkSort = ColumnSort<LinkSortKey>;

/** The server's own order (NPI ascending): left out of URLs and queries. */
export const DEFAULT_LINK_SORT: LinkSort = { key: 'npi', descending: false };

const isKey = (value: string): value is LinkSortKey => Object.hasOwn(LINK_SORT_FIELDS, value);

export function parseLinkSort(value: string | null): LinkSort {
  if (!value) return DEFAULT_LINK_SORT;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  return isKey(key) ? { key, descending } : DEFAULT_LINK_SORT;
}

export function formatLinkSort(sort: LinkSort): string | null {
  if (sort.key === DEFAULT_LINK_SORT.key && !sort.descending) return null;
  return `${sort.descending ? '-' : ''}${sort.key}`;
}

/** The query's sort argument; none for the default (one cache entry for the plain list). */
export function linkSortVariable(sort: LinkSort) {
  if (formatLinkSort(sort) === null) return undefined;
  return { field: LINK_SORT_FIELDS[sort.key], direction: sort.descending ? ('DESC' as const) : ('ASC' as const) };
}
