import { useApolloClient, useMutation } from '@apollo/client/react';
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useCallback } from 'react';
import {
  outcomeOfBatchError,
  outcomeOfBatchPayload,
  type BatchOutcome,
  type BatchPayloadRef,
} from './batch-outcome.js';
import { evictProviderLinks } from './evict-provider-links.js';

/**
 * A bulk provider-links mutation as one call answering its BatchOutcome: `payloadOf` picks the
 * mutation's payload from its data. The cached lists are evicted when any row was answered.
 */
export function useBatchMutation<Data, Variables extends OperationVariables>(
  document: TypedDocumentNode<Data, Variables>,
  payloadOf: (data: Data) => BatchPayloadRef,
): [(variables: Variables) => Promise<BatchOutcome>, { loading: boolean }] {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(document);
  const run = useCallback(
    async (variables: Variables) => {
      const outcome = await mutate({ variables }).then(
        (result) => outcomeOfBatchPayload(result.data ? payloadOf(result.data) : null),
        outcomeOfBatchError,
      );
      if (outcome.ok) evictProviderLinks(client.cache);
      return outcome;
    },
    [mutate, client, payloadOf],
  );
  return [run, { loading }];
}
