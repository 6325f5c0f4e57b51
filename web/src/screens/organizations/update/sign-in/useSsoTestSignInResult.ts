import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../../gql/index.js';

const SsoTestSignInDocument = graphql(`
  query SsoTestSignIn($id: ID!, $state: String!) {
    organizationSsoTestSignIn(id: $id, state: $state) {
      state
      protocol
      answered
      verified
      message
      returned {
        name
        value
      }
      preview {
        email
        outcome
        refusal
        role
        existingUser
        name
        providerSaidMfa
        secondFactor
      }
    }
  }
`);

/**
 * A test sign-in's result by its state (null: expired, or another operator's). Read fresh each time:
 * the platform keeps it ten minutes and answers it only to whoever started it.
 */
export function useSsoTestSignInResult(organizationId: string, state: string | null) {
  const { data, loading, error } = useQuery(SsoTestSignInDocument, {
    variables: { id: organizationId, state: state ?? '' },
    skip: state === null,
    fetchPolicy: 'network-only',
  });
  return { result: data?.organizationSsoTestSignIn ?? null, loading, error };
}
