import { graphql } from '../../../gql/index.js';

/** The organizations list: a page of rows as the table shows them, and the total its filters match. */
export const OrganizationsListDocument = graphql(`
  query OrganizationsList(
    $search: String
    $customerSegment: String
    $status: OrganizationStatus
    $sort: OrganizationSort
    $offset: Int
    $limit: Int
  ) {
    organizations(
      search: $search
      customerSegment: $customerSegment
      status: $status
      sort: $sort
      offset: $offset
      limit: $limit
    ) {
      rows {
        id
        ...OrganizationsTable_organization
      }
      pageInfo {
        total
        limit
        offset
      }
    }
  }
`);
