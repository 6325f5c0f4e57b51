import { graphql } from '../../../../gql/index.js';

/**
 * The Provisioning tab's own read, apart from the update page's: only operators and the organization's
 * admins may read its SCIM tokens (the table's scimTokens), and a System Viewer reads the rest of the page.
 */
export const OrganizationProvisioningDocument = graphql(`
  query OrganizationProvisioning($id: ID!) {
    organization(id: $id) {
      id
      name
      scimBaseUrl
      scimTokens {
        id
        label
        hint
        createdAt
        createdBy
        lastUsedAt
        revokedAt
      }
    }
  }
`);
