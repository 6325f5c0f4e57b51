import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useListExport, type ListExport } from '../../../components/useListExport.js';
import { csvDocument } from '../../../lib/csv.js';
import { collectOffsetPages, type CollectOptions } from '../../../lib/paged-export.js';
import { getFragmentData } from '../../../gql/index.js';
import type { OrganizationsListQueryVariables } from '../../../gql/graphql.js';
import { statusLook } from '../shared/organization-status.js';
import { OrganizationsTable_organization } from './OrganizationsTable.js';
import { OrganizationsListDocument } from './organizations-list-query.js';

/** Organizations per request: a few pages, each within the gateway's cost budget. */
export const EXPORT_PAGE = 200;

const HEADER = ['Id', 'Name', 'Status', 'Customer segment', 'Active users', 'User limit'];
const ORGANIZATIONS = { one: 'organization', many: 'organizations' };

/** The list's filters and order, without its page: what the export reads. */
export type OrganizationsExportFilters = Omit<OrganizationsListQueryVariables, 'offset' | 'limit'>;

/**
 * The organizations list's CSV export: every organization its search and filters match, across all
 * pages, in the list's order, with what the table shows (the list's own query, larger pages, past the
 * cache).
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
            query: OrganizationsListDocument,
            variables: { ...filters, offset, limit },
            fetchPolicy: 'no-cache',
          });
          const rows = data!.organizations.rows.map((row) => getFragmentData(OrganizationsTable_organization, row));
          return { rows, total: data!.organizations.pageInfo.total };
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
