import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const RemoveOrganizationSsoDocument = graphql(`
  mutation RemoveOrganizationSso($id: ID!) {
    removeOrganizationSso(id: $id) {
      organization {
        id
        ...SignInSection_organization
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Removes the organization's connection; the answer (sso: null) updates it in the normalized cache. */
export function useRemoveOrganizationSso(): [
  (id: string) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(RemoveOrganizationSsoDocument);
  const remove = useCallback(
    (id: string) =>
      runMutation(
        () => mutate({ variables: { id } }),
        (result) => ({
          payload: result.data?.removeOrganizationSso,
          value: result.data?.removeOrganizationSso.organization,
        }),
        { prefix: '' },
      ),
    [mutate],
  );
  return [remove, { loading }];
}
