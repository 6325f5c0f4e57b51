import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { graphql } from '../../../gql/index.js';
import { KINDS, type LinkListKind } from '../kinds.js';
import { pageWindow } from '../../../lib/list-state.js';
import { linkSortVariable, PROVIDER_LINKS_LIST, type LinkSort } from './link-sort.js';

export const ProviderLinksListQuery = graphql(`
  query ProviderLinksList(
    $organizationId: ID!
    $kind: ProviderLinkKind!
    $search: String
    $sort: ProviderLinkSort
    $offset: Int
    $limit: Int
  ) {
    providerLinks(
      organizationId: $organizationId
      kind: $kind
      search: $search
      sort: $sort
      offset: $offset
      limit: $limit
    ) {
      rows {
        npi
        ...ProviderLinksTable_link
      }
      pageInfo {
        total
        limit
        offset
      }
    }
  }
`);

/** One page of an organization's links of one kind, searched and sorted on the server (30 s freshness rule). */
export function useProviderLinksList(
  organizationId: string,
  kind: LinkListKind,
  search: string,
  page: number,
  sort: LinkSort = PROVIDER_LINKS_LIST.defaultSort,
) {
  const sortVariable = linkSortVariable(sort);
  return useFreshQuery(ProviderLinksListQuery, {
    variables: {
      organizationId,
      kind: KINDS[kind].graphql,
      // An empty search is no search: one cache entry for the unfiltered list.
      ...(search ? { search } : {}),
      ...(sortVariable ? { sort: sortVariable } : {}),
      ...pageWindow(PROVIDER_LINKS_LIST, page),
    },
  });
}
