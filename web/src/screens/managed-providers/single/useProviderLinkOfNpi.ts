import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { graphql } from '../../../gql/index.js';
import { KINDS, type LinkListKind } from '../kinds.js';

const ProviderLinkOfNpiQuery = graphql(`
  query ProviderLinkOfNpi($organizationId: ID!, $kind: ProviderLinkKind!, $npi: NPI!, $search: String!) {
    provider(npi: $npi) {
      npi
      ...ProviderDetails_provider
    }
    providerLinks(organizationId: $organizationId, kind: $kind, search: $search, limit: 20) {
      rows {
        npi
        value
        updatedAt
        updatedBy
      }
    }
  }
`);

/**
 * One provider from the directory and the organization's link of the kind for it, in one request. The
 * list is searched by the NPI (a substring search) and the exact NPI picked from what matches.
 */
export function useProviderLinkOfNpi(organizationId: string, kind: LinkListKind, npi: string, skip: boolean) {
  const result = useFreshQuery(ProviderLinkOfNpiQuery, {
    variables: { organizationId, kind: KINDS[kind].graphql, npi, search: npi },
    skip,
  });
  const link = result.data?.providerLinks.rows.find((row) => row.npi === npi) ?? null;
  return { ...result, provider: result.data?.provider ?? null, link };
}
