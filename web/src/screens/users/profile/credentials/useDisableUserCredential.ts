import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

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
      runMutation(
        () => mutate({ variables: { email, credentialId } }),
        ({ data }) => {
          const credential = data?.disableUserCredential.credential;
          return { payload: data?.disableUserCredential, value: credential ? { id: credential.id } : null };
        },
        { prefix: '' },
      ),
    [mutate, email],
  );
  return [disable, { loading }];
}
