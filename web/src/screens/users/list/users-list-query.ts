import { graphql } from '../../../gql/index.js';

/** The organization the list belongs to: its name for the heading (cached apart from the pages). */
export const OrganizationUsersHeaderQuery = graphql(`
  query OrganizationUsersHeader($organizationId: ID!) {
    organization(id: $organizationId) {
      id
      name
    }
  }
`);

/**
 * One page of an organization's users, searched, sorted and paged by the server (decisions.md "Lists
 * at scale"): the console never asks for more than a page, so 100,000 users open as fast as 10.
 */
export const OrganizationUsersQuery = graphql(`
  query OrganizationUsers(
    $organizationId: ID!
    $search: String
    $sort: UserSort
    $offset: Int
    $limit: Int
    $status: UserStatus
    $provenance: UserProvenance
  ) {
    users(
      organizationId: $organizationId
      search: $search
      sort: $sort
      offset: $offset
      limit: $limit
      status: $status
      provenance: $provenance
    ) {
      rows {
        email
        ...UsersTable_user
      }
      pageInfo {
        total
        limit
        offset
      }
    }
  }
`);
