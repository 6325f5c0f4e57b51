import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { outcomeOf, type MutationOutcome } from '../../shared/mutation-outcome.js';

const DisableUserCredentialDocument = graphql(`
  mutation DisableUserCredential($email: Email!, $credentialId: ID!) {
    disableUserCredential(email: $email, credentialId: $credentialId) {
      credential {
        id
        enabled
      }
      user {
        email
        dataAccessInfo {
          id
          active
          generatedAt
          daysToExpire
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
 * Disables one of a user's credentials for good. The payload's user carries the entry as it now is
 * (inactive), which the normalized cache applies everywhere it is shown, the banner included.
 */
export function useDisableUserCredential(
  email: string,
): [(credentialId: string) => Promise<MutationOutcome<{ id: string }>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(DisableUserCredentialDocument);
  const disable = useCallback(
    (credentialId: string) =>
      outcomeOf(
        () => mutate({ variables: { email, credentialId } }),
        (data) => ({
          value: data.disableUserCredential.credential ? { id: data.disableUserCredential.credential.id } : null,
          inputErrors: data.disableUserCredential.inputErrors,
        }),
        '',
      ),
    [mutate, email],
  );
  return [disable, { loading }];
}
