import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useListExport, type ListExport } from '../../../components/useListExport.js';
import { csvDocument } from '../../../lib/csv.js';
import { collectOffsetPages, type CollectOptions } from '../../../lib/paged-export.js';
import { graphql } from '../../../gql/index.js';
import type { OrganizationsListQueryVariables } from '../../../gql/graphql.js';
import { statusLook } from '../shared/organization-status.js';

/** Organizations per request: a few pages, each within the gateway's cost budget. */
export const EXPORT_PAGE = 200;

export const OrganizationsExportQuery = graphql(`
  query OrganizationsExport(
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
        name
        status
        allowedActions
        lifecycleProblem {
          label
          step
          reason
        }
        customerSegment
        licenses {
          userLimit
          activeUsers
        }
      }
      pageInfo {
        total
      }
    }
  }
`);

const HEADER = ['Id', 'Name', 'Status', 'Customer segment', 'Active users', 'User limit'];
const ORGANIZATIONS = { one: 'organization', many: 'organizations' };

/** The list's filters and order, without its page: what the export reads. */
export type OrganizationsExportFilters = Omit<OrganizationsListQueryVariables, 'offset' | 'limit'>;

/**
 * The organizations list's CSV export: every organization its search and filters match, across all
 * pages, in the list's order, with the status in the list's words. Read past the cache.
 */
export function useOrganizationsExport(
  filters: OrganizationsExportFilters,
  segmentName: (id: string) => string,
): ListExport {
  const client = useApolloClient();
  const run = useCallback(
    async (options: Required<CollectOptions>) => {
      const organizations = await collectOffsetPages(
        async (offset, limit) => {
          const { data } = await client.query({
            query: OrganizationsExportQuery,
            variables: { ...filters, offset, limit },
            fetchPolicy: 'no-cache',
          });
          return { rows: data!.organizations.rows, total: data!.organizations.pageInfo.total };
        },
        EXPORT_PAGE,
        options,
      );
      const rows = organizations.map((organization) => [
        organization.id,
        organization.name,
        statusLook(organization.status, organization.lifecycleProblem, organization.allowedActions).label,
        segmentName(organization.customerSegment),
        organization.licenses.activeUsers,
        organization.licenses.userLimit,
      ]);
      return { fileName: 'organizations.csv', csv: csvDocument([HEADER, ...rows]), count: rows.length };
    },
    [client, filters, segmentName],
  );
  return useListExport(run, ORGANIZATIONS);
}
