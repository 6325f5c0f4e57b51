import type { ProviderLinkSortField } from '../../../gql/graphql.js';
import { formatSort, sortFieldsOf, sortVariable, type ListConfig, type ListSort } from '../../../lib/list-state.js';

/** Every column of the table sorts, by its URL key (each of ProviderLinkSortField's values). */
const LINK_SORT = sortFieldsOf<ProviderLinkSortField>()({
  npi: 'NPI',
  provider: 'NAME',
  specialty: 'SPECIALTY',
  place: 'PLACE',
  value: 'VALUE',
  changed: 'UPDATED_AT',
  changedBy: 'UPDATED_BY',
});

export type LinkSortKey = (typeof LINK_SORT.keys)[number];
export type LinkSort = ListSort<LinkSortKey>;

/** An organization's links of one kind: searched, sorted and paged by the gateway (its default page of 50). */
export const PROVIDER_LINKS_LIST: ListConfig<LinkSortKey> = {
  sortKeys: LINK_SORT.keys,
  // The server's own order (NPI ascending): left out of URLs and queries.
  defaultSort: { key: 'npi', descending: false },
  filters: {},
  pageSize: 50,
};

/** The query's sort argument; none for the default (one cache entry for the plain list). */
export function linkSortVariable(sort: LinkSort) {
  return formatSort(PROVIDER_LINKS_LIST, sort) === null ? undefined : sortVariable(sort, LINK_SORT.fields);
}
