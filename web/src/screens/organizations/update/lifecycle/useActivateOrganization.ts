import { graphql } from '../../../../gql/index.js';
import { useLifecycleMove } from './useLifecycleMove.js';

const ActivateOrganizationDocument = graphql(`
  mutation ActivateOrganization($id: ID!) {
    activateOrganization(id: $id) {
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

/** Activates a deployed organization, or re-activates an offboarded one. */
export function useActivateOrganization() {
  return useLifecycleMove(ActivateOrganizationDocument, (data) => data.activateOrganization);
}
