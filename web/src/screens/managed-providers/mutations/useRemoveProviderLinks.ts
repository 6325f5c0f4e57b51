import { graphql } from '../../../gql/index.js';
import type { RemoveProviderLinksMutation as Data } from '../../../gql/graphql.js';
import type { KindInfo } from '../kinds.js';
import type { BatchOutcome } from './batch-outcome.js';
import { useBatchMutation } from './useBatchMutation.js';

const RemoveProviderLinksMutation = graphql(`
  mutation RemoveProviderLinks($organizationId: ID!, $kind: ProviderLinkKind!, $npis: [String!]!) {
    removeProviderLinks(organizationId: $organizationId, kind: $kind, npis: $npis) {
      ...BatchOutcome_payload
    }
  }
`);

const payloadOf = (data: Data) => data.removeProviderLinks;

/** Removes links of one kind in one request. */
export function useRemoveProviderLinks(): [
  (organizationId: string, kind: KindInfo, npis: string[]) => Promise<BatchOutcome>,
  { loading: boolean },
] {
  const [run, state] = useBatchMutation(RemoveProviderLinksMutation, payloadOf);
  return [(organizationId, kind, npis) => run({ organizationId, kind: kind.graphql, npis }), state];
}
