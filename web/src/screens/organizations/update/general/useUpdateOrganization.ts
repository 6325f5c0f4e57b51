import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { UpdateOrganizationInput } from '../../../../gql/graphql.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { GENERAL_FIELDS } from './general-form.js';

const UpdateOrganizationDocument = graphql(`
  mutation UpdateOrganization($id: ID!, $input: UpdateOrganizationInput!) {
    updateOrganization(id: $id, input: $input) {
      organization {
        id
        ...OrganizationHeader_organization
        ...GeneralSection_organization
        ...SecondFactorSetting_organization
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/**
 * Changes the organization's settings (the General tab's, and the Sign-in tab's "Require a second
 * factor"); the answer updates the organization in the normalized cache. `knownFields`: the fields the
 * calling form shows the gateway's words beside.
 */
export function useUpdateOrganization(
  knownFields: readonly string[] = GENERAL_FIELDS,
): [(id: string, input: UpdateOrganizationInput) => Promise<MutationOutcome<{ id: string }>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(UpdateOrganizationDocument);
  const update = useCallback(
    (id: string, input: UpdateOrganizationInput) =>
      runMutation(
        () => mutate({ variables: { id, input } }),
        (result) => ({
          payload: result.data?.updateOrganization,
          value: result.data?.updateOrganization.organization,
        }),
        { knownFields },
      ),
    [mutate, knownFields],
  );
  return [update, { loading }];
}
