import { graphql } from '../../../../gql/index.js';
import { useLifecycleMove } from './useLifecycleMove.js';

const StartOnboardingDocument = graphql(`
  mutation StartOnboarding($id: ID!) {
    startOnboarding(id: $id) {
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

/** Starts onboarding (from Created, or again after a failed onboarding). */
export function useStartOnboarding() {
  return useLifecycleMove(StartOnboardingDocument, (data) => data.startOnboarding);
}
