import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const RevokeScimTokenDocument = graphql(`
  mutation RevokeScimToken($organizationId: ID!, $tokenId: ID!) {
    revokeScimToken(organizationId: $organizationId, tokenId: $tokenId) {
      scimToken {
        id
        revokedAt
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Revokes a token; the answer (its revokedAt) updates it in the normalized cache, so the list shows it revoked. */
export function useRevokeScimToken(): [
  (organizationId: string, id: string) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(RevokeScimTokenDocument);
  const revoke = useCallback(
    (organizationId: string, id: string) =>
      runMutation(
        () => mutate({ variables: { organizationId, tokenId: id } }),
        (result) => ({ payload: result.data?.revokeScimToken, value: result.data?.revokeScimToken.scimToken }),
        { prefix: '' },
      ),
    [mutate],
  );
  return [revoke, { loading }];
}
