import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql/index.js';
import { outcomeOfError } from '../../components/mutation-outcome.js';
import { passwordOutcomeOf, type PasswordOutcome } from '../../components/password/password-outcome.js';

const RequestPasswordResetDocument = graphql(`
  mutation RequestPasswordReset($email: Email!) {
    requestPasswordReset(email: $email) {
      ok
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Asks for an emailed link to set a new password; the answer never says whether the email exists. */
export function useRequestPasswordReset(): [(email: string) => Promise<PasswordOutcome>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(RequestPasswordResetDocument);
  const run = useCallback(
    (email: string) =>
      mutate({ variables: { email } }).then(
        (result) => passwordOutcomeOf(result.data?.requestPasswordReset),
        outcomeOfError,
      ),
    [mutate],
  );
  return [run, { loading }];
}
