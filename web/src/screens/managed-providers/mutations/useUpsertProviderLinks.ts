import { graphql } from '../../../gql/index.js';
import type { UpsertProviderLinksMutation as Data } from '../../../gql/graphql.js';
import type { KindInfo } from '../kinds.js';
import type { BatchOutcome } from './batch-outcome.js';
import { useBatchMutation } from './useBatchMutation.js';

const UpsertProviderLinksMutation = graphql(`
  mutation UpsertProviderLinks($organizationId: ID!, $kind: ProviderLinkKind!, $links: [ProviderLinkInput!]!) {
    upsertProviderLinks(organizationId: $organizationId, kind: $kind, links: $links) {
      ...BatchOutcome_payload
    }
  }
`);

const payloadOf = (data: Data) => data.upsertProviderLinks;

/** Creates or updates links of one kind in one request. */
export function useUpsertProviderLinks(): [
  (organizationId: string, kind: KindInfo, links: { npi: string; value: string }[]) => Promise<BatchOutcome>,
  { loading: boolean },
] {
  const [run, state] = useBatchMutation(UpsertProviderLinksMutation, payloadOf);
  return [(organizationId, kind, links) => run({ organizationId, kind: kind.graphql, links }), state];
}
