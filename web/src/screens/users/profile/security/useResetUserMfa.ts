import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const ResetUserMfaDocument = graphql(`
  mutation ResetUserMfa($email: Email!) {
    resetUserMfa(email: $email) {
      user {
        email
        mfa {
          enrolled
          kinds
          passkeyCount
          recoveryCodesLeft
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
 * Removes a user's second factors and signs them out everywhere. The answer's user carries the factors
 * as they now are (none), which the cache applies; their sessions, all ended, are read again.
 */
export function useResetUserMfa(email: string): [() => Promise<MutationOutcome<true>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(ResetUserMfaDocument, {
    update(cache, result) {
      const user = cache.identify({ __typename: 'User', email });
      if (result.data?.resetUserMfa.user && user) cache.evict({ id: user, fieldName: 'sessions' });
    },
  });
  const reset = useCallback(
    () =>
      runMutation(
        () => mutate({ variables: { email } }),
        ({ data }) => ({
          payload: data?.resetUserMfa,
          value: data?.resetUserMfa.user ? (true as const) : null,
        }),
        { prefix: '' },
      ),
    [mutate, email],
  );
  return [reset, { loading }];
}
