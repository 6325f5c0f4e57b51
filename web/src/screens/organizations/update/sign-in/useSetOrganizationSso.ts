import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { OrganizationSsoInput } from '../../../../gql/graphql.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { SIGN_IN_FIELDS } from './sign-in-form.js';

const SetOrganizationSsoDocument = graphql(`
  mutation SetOrganizationSso($id: ID!, $input: OrganizationSsoInput!) {
    setOrganizationSso(id: $id, input: $input) {
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

/** Sets (or replaces) the organization's connection; the answer updates its `sso` in the normalized cache. */
export function useSetOrganizationSso(): [
  (id: string, input: OrganizationSsoInput) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(SetOrganizationSsoDocument);
  const set = useCallback(
    (id: string, input: OrganizationSsoInput) =>
      runMutation(
        () => mutate({ variables: { id, input } }),
        (result) => ({
          payload: result.data?.setOrganizationSso,
          value: result.data?.setOrganizationSso.organization,
        }),
        { knownFields: SIGN_IN_FIELDS },
      ),
    [mutate],
  );
  return [set, { loading }];
}
