import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../gql/index.js';
import type { KindInfo } from '../kinds.js';
import { outcomeOfBatchError, outcomeOfBatchPayload, type BatchOutcome } from './batch-outcome.js';
import { evictProviderLinks } from './evict-provider-links.js';

const UpsertProviderLinksMutation = graphql(`
  mutation UpsertProviderLinks($organizationId: ID!, $kind: ProviderLinkKind!, $links: [ProviderLinkInput!]!) {
    upsertProviderLinks(organizationId: $organizationId, kind: $kind, links: $links) {
      results {
        npi
        status
        message
      }
      created
      updated
      unchanged
      removed
      notFound
      errors
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Creates or updates links of one kind in one request; the cached lists are evicted when any row was answered. */
export function useUpsertProviderLinks(): [
  (organizationId: string, kind: KindInfo, links: { npi: string; value: string }[]) => Promise<BatchOutcome>,
  { loading: boolean },
] {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(UpsertProviderLinksMutation);
  const upsert = useCallback(
    async (organizationId: string, kind: KindInfo, links: { npi: string; value: string }[]) => {
      const outcome = await mutate({ variables: { organizationId, kind: kind.graphql, links } }).then(
        (result) => outcomeOfBatchPayload(result.data?.upsertProviderLinks),
        outcomeOfBatchError,
      );
      if (outcome.ok) evictProviderLinks(client.cache);
      return outcome;
    },
    [mutate, client],
  );
  return [upsert, { loading }];
}
