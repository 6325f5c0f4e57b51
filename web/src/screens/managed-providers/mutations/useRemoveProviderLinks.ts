import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../gql/index.js';
import type { KindInfo } from '../kinds.js';
import { outcomeOfBatchError, outcomeOfBatchPayload, type BatchOutcome } from './batch-outcome.js';
import { evictProviderLinks } from './evict-provider-links.js';

const RemoveProviderLinksMutation = graphql(`
  mutation RemoveProviderLinks($organizationId: ID!, $kind: ProviderLinkKind!, $npis: [String!]!) {
    removeProviderLinks(organizationId: $organizationId, kind: $kind, npis: $npis) {
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

/** Removes links of one kind in one request; the cached lists are evicted when any row was answered. */
export function useRemoveProviderLinks(): [
  (organizationId: string, kind: KindInfo, npis: string[]) => Promise<BatchOutcome>,
  { loading: boolean },
] {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(RemoveProviderLinksMutation);
  const remove = useCallback(
    async (organizationId: string, kind: KindInfo, npis: string[]) => {
      const outcome = await mutate({ variables: { organizationId, kind: kind.graphql, npis } }).then(
        (result) => outcomeOfBatchPayload(result.data?.removeProviderLinks),
        outcomeOfBatchError,
      );
      if (outcome.ok) evictProviderLinks(client.cache);
      return outcome;
    },
    [mutate, client],
  );
  return [remove, { loading }];
}
