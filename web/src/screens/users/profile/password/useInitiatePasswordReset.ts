import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const InitiatePasswordResetDocument = graphql(`
  mutation InitiatePasswordReset($email: Email!) {
    initiatePasswordReset(email: $email) {
      ok
      inputErrors {
        field
        message
      }
    }
  }
`);

/**
 * Emails a user a link to set a new password. The answer carries no user, so the user's cached reset
 * dates are evicted; the password page asks for them again (and shows the new request).
 */
export function useInitiatePasswordReset(email: string): [() => Promise<MutationOutcome<true>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(InitiatePasswordResetDocument, {
    update(cache, result) {
      const user = cache.identify({ __typename: 'User', email });
      if (result.data?.initiatePasswordReset.ok && user) cache.evict({ id: user, fieldName: 'passwordResetMeta' });
    },
  });
  const initiate = useCallback(
    () =>
      runMutation(
        () => mutate({ variables: { email } }),
        ({ data }) => ({
          payload: data?.initiatePasswordReset,
          value: data?.initiatePasswordReset.ok ? (true as const) : null,
        }),
        { prefix: '' },
      ),
    [mutate, email],
  );
  return [initiate, { loading }];
}
