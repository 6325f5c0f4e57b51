import { graphql } from '../../../gql/index.js';

/**
 * The update page's one read: the organization with what every sub-page shows (each sub-page's
 * fragment), so switching tabs costs no request.
 */
export const OrganizationUpdateDocument = graphql(`
  query OrganizationUpdate($id: ID!) {
    organization(id: $id) {
      id
      ...OrganizationHeader_organization
      ...GeneralSection_organization
      ...LicensesSection_organization
      ...LifecycleSection_organization
      ...CredentialsSection_organization
      ...SignInSection_organization
      ...ManagedProvidersSection_organization
    }
  }
`);

/**
 * What changes while a lifecycle job runs: its steps and the state, and the credentials (offboarding
 * revokes them). Polled while a job is under way; the normalized cache carries it to every sub-page.
 */
export const OrganizationProgressDocument = graphql(`
  query OrganizationProgress($id: ID!) {
    organization(id: $id) {
      id
      ...OrganizationHeader_organization
      ...LifecycleSection_organization
      ...CredentialsSection_organization
    }
  }
`);
