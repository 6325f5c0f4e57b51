import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../gql/index.js';
import type { CreateOrganizationInput } from '../../../gql/graphql.js';
import { runMutation, type MutationOutcome } from '../../../components/mutation-outcome.js';
import { CREATE_ORGANIZATION_FIELDS } from './create-organization-form.js';

const CreateOrganizationDocument = graphql(`
  mutation CreateOrganization($input: CreateOrganizationInput!) {
    createOrganization(input: $input) {
      organization {
        id
        name
        status
        active
        customerSegment
        medicareLicensed
        domain
        primaryContact {
          name
          email
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
 * Creates an organization. The lists that could show it (every page of `organizations`) are evicted
 * from the cache, so the list asks again the next time it shows rather than missing the new row.
 */
export function useCreateOrganization(): [
  (input: CreateOrganizationInput) => Promise<MutationOutcome<{ id: string; name: string }>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(CreateOrganizationDocument, {
    update(cache, { data }) {
      if (!data?.createOrganization.organization) return;
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'organizations' });
      cache.gc();
    },
  });
  const create = useCallback(
    (input: CreateOrganizationInput) =>
      runMutation(
        () => mutate({ variables: { input } }),
        (result) => ({
          payload: result.data?.createOrganization,
          value: result.data?.createOrganization.organization,
        }),
        { knownFields: CREATE_ORGANIZATION_FIELDS },
      ),
    [mutate],
  );
  return [create, { loading }];
}
