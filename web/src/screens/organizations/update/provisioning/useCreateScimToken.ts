import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { MutationOutcome } from '../../../../components/mutation-outcome.js';
import { runScimTokenSecretMutation, type NewScimToken } from './scim-token-secret.js';

const CreateScimTokenDocument = graphql(`
  mutation CreateScimToken($organizationId: ID!, $label: String!) {
    createScimToken(organizationId: $organizationId, label: $label) {
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

/** The form keys a refusal may name. */
export const CREATE_SCIM_TOKEN_FIELDS = ['label'] as const;

/** Creates a SCIM token; the token comes back once, to the caller only (scim-token-secret.ts). */
export function useCreateScimToken(): [
  (organizationId: string, label: string) => Promise<MutationOutcome<NewScimToken>>,
  { loading: boolean },
] {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const create = useCallback(
    async (organizationId: string, label: string) => {
      setLoading(true);
      try {
        return await runScimTokenSecretMutation(
          client,
          CreateScimTokenDocument,
          { organizationId, label },
          organizationId,
          (data) => data?.createScimToken,
          CREATE_SCIM_TOKEN_FIELDS,
        );
      } finally {
        setLoading(false);
      }
    },
    [client],
  );
  return [create, { loading }];
}
