import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const DisableOrganizationCredentialDocument = graphql(`
  mutation DisableOrganizationCredential($organizationId: ID!, $credentialId: ID!) {
    disableOrganizationCredential(organizationId: $organizationId, credentialId: $credentialId) {
      credential {
        id
        enabled
        daysToExpire
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Disables an organization credential (for good); the answer updates it in the normalized cache. */
export function useDisableOrganizationCredential(): [
  (organizationId: string, credentialId: string) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(DisableOrganizationCredentialDocument);
  const disable = useCallback(
    (organizationId: string, credentialId: string) =>
      runMutation(
        () => mutate({ variables: { organizationId, credentialId } }),
        (result) => ({
          payload: result.data?.disableOrganizationCredential,
          value: result.data?.disableOrganizationCredential.credential,
        }),
        { prefix: '' },
      ),
    [mutate],
  );
  return [disable, { loading }];
}
