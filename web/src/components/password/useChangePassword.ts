import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql/index.js';
import { outcomeOfError } from '../mutation-outcome.js';
import { passwordOutcomeOf, type PasswordOutcome } from './password-outcome.js';

const ChangePasswordDocument = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      ok
      inputErrors {
        field
        message
      }
    }
  }
`);

/**
 * Changes the signed-in user's password. On success the active queries (the session's viewer among
 * them) are fetched again, so isPasswordExpiring is false before the guard looks at it next.
 */
export function useChangePassword(): [
  (variables: { currentPassword: string; newPassword: string }) => Promise<PasswordOutcome>,
  { loading: boolean },
] {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(ChangePasswordDocument);
  const run = useCallback(
    async (variables: { currentPassword: string; newPassword: string }): Promise<PasswordOutcome> => {
      const outcome = await mutate({ variables }).then(
        (result) => passwordOutcomeOf(result.data?.changePassword),
        outcomeOfError,
      );
      if (outcome.ok) await client.refetchQueries({ include: 'active' }).catch(() => undefined);
      return outcome;
    },
    [client, mutate],
  );
  return [run, { loading }];
}
