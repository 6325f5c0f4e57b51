import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { graphql } from '../../gql/index.js';
import { isFeatureUnavailable } from './gateway-errors.js';
import { KINDS, type LinkListKind } from './kinds.js';

const ProviderLinksProbeQuery = graphql(`
  query ProviderLinksProbe($organizationId: ID!, $kind: ProviderLinkKind!) {
    providerLinks(organizationId: $organizationId, kind: $kind, limit: 1) {
      pageInfo {
        total
      }
    }
  }
`);

/**
 * Whether the organization's links may be edited at all (an operator may open the edit screens of an
 * organization whose license lacks the feature), and how many of the kind it has: one row's worth of
 * the list.
 */
export function useProviderLinksAccess(organizationId: string, kind: LinkListKind) {
  const { data, error } = useFreshQuery(ProviderLinksProbeQuery, {
    variables: { organizationId, kind: KINDS[kind].graphql },
  });
  return {
    featureUnavailable: !data && isFeatureUnavailable(error),
    total: data?.providerLinks.pageInfo.total ?? null,
  };
}
