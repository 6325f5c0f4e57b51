import { graphql } from '../../../../gql/index.js';
import { useLifecycleMove } from './useLifecycleMove.js';

const OffboardOrganizationDocument = graphql(`
  mutation OffboardOrganization($id: ID!) {
    offboardOrganization(id: $id) {
      organization {
        id
        ...OrganizationHeader_organization
        ...LifecycleSection_organization
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Starts offboarding an active organization (its credentials are revoked along the way). */
export function useOffboardOrganization() {
  return useLifecycleMove(OffboardOrganizationDocument, (data) => data.offboardOrganization);
}
