import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql/index.js';
import { outcomeOfError } from '../../components/mutation-outcome.js';
import { passwordOutcomeOf, type PasswordOutcome } from '../../components/password/password-outcome.js';

const CreatePasswordDocument = graphql(`
  mutation CreatePassword($token: String!, $password: String!) {
    createPassword(token: $token, password: $password) {
      ok
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Sets a password with the one-time token of an emailed (or sign-in page) link. */
export function useCreatePassword(): [
  (variables: { token: string; password: string }) => Promise<PasswordOutcome>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(CreatePasswordDocument);
  const run = useCallback(
    (variables: { token: string; password: string }) =>
      mutate({ variables }).then((result) => passwordOutcomeOf(result.data?.createPassword), outcomeOfError),
    [mutate],
  );
  return [run, { loading }];
}
