import { graphql } from '../../../gql/index.js';

/** The organization a user is created in, with its user limit and seats in use. */
export const CreateUserOrganizationQuery = graphql(`
  query CreateUserOrganization($organizationId: ID!) {
    organization(id: $organizationId) {
      id
      name
      domain
      licenses {
        userLimit
        activeUsers
        tableauUserLicenses {
          explorerCount
          viewerCount
          explorerUsed
          viewerUsed
        }
      }
    }
  }
`);
