import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/index.js';

export const SetUsersActiveDocument = graphql(`
  mutation SetUsersActive($organizationId: ID!, $selection: UserSelectionInput!, $active: Boolean!) {
    setUsersActive(organizationId: $organizationId, selection: $selection, active: $active) {
      changed
      unchanged
      refused
      results {
        email
        outcome
        reason
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/**
 * Activates or deactivates the selection in one call. Pages of the list are refetched afterwards
 * (statuses changed on pages not in the cache as objects), rather than thousands of cache writes.
 */
export function useSetUsersActive() {
  const [mutate, { loading }] = useMutation(SetUsersActiveDocument, {
    refetchQueries: ['OrganizationUsers'],
    awaitRefetchQueries: true,
  });
  return { mutate, loading };
}
