import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { LicensesInput } from '../../../../gql/graphql.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { LICENSE_FIELDS } from './licenses-form.js';

const UpdateLicensesDocument = graphql(`
  mutation UpdateLicenses($id: ID!, $input: LicensesInput!) {
    updateLicenses(id: $id, input: $input) {
      organization {
        id
        ...LicensesSection_organization
        ...ManagedProvidersSection_organization
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/**
 * Changes an organization's licenses. The answer updates the organization (licenses and the features
 * they unlock) in the normalized cache.
 */
export function useUpdateLicenses(): [
  (id: string, input: LicensesInput) => Promise<MutationOutcome<{ id: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(UpdateLicensesDocument);
  const update = useCallback(
    (id: string, input: LicensesInput) =>
      runMutation(
        () => mutate({ variables: { id, input } }),
        (result) => ({ payload: result.data?.updateLicenses, value: result.data?.updateLicenses.organization }),
        { knownFields: LICENSE_FIELDS },
      ),
    [mutate],
  );
  return [update, { loading }];
}
