import { graphql } from '../../../../gql/index.js';
import { useLifecycleMove } from './useLifecycleMove.js';

const StartDeploymentDocument = graphql(`
  mutation StartDeployment($id: ID!) {
    startDeployment(id: $id) {
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

/** Starts the deployment (after onboarding, or again after a failed deployment). */
export function useStartDeployment() {
  return useLifecycleMove(StartDeploymentDocument, (data) => data.startDeployment);
}
