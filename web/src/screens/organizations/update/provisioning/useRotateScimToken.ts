import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
import { runScimTokenSecretMutation, type NewScimToken } from './scim-token-secret.js';

const RotateScimTokenDocument = graphql(`
  mutation RotateScimToken($organizationId: ID!, $tokenId: ID!) {
    rotateScimToken(organizationId: $organizationId, tokenId: $tokenId) {
      secret {
        token
        baseUrl
        scimToken {
          id
          label
        }
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/**
 * Replaces a token by a new one under its label (the old one stops working at once); the new token
 * comes back once, to the caller only, and the list is read again (the old one shows revoked).
 */
export function useRotateScimToken(): [
  (organizationId: string, id: string) => Promise<MutationOutcome<NewScimToken>>,
  { loading: boolean },
] {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const rotate = useCallback(
    async (organizationId: string, id: string) => {
      setLoading(true);
      try {
        // A refusal names `tokenId` (a revoked token): no field to show it beside, so it is the form's.
        return await runScimTokenSecretMutation(
          client,
          RotateScimTokenDocument,
          { organizationId, tokenId: id },
          organizationId,
          (data) => data?.rotateScimToken,
          [],
        );
      } finally {
        setLoading(false);
      }
    },
    [client],
  );
  return [rotate, { loading }];
}
