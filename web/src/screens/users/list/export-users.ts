import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useListExport, type ListExport } from '../../../components/useListExport.js';
import { csvDocument } from '../../../lib/csv.js';
import { collectOffsetPages, type CollectOptions } from '../../../lib/paged-export.js';
import { graphql } from '../../../gql/index.js';
import type { UserProvenance, UserSort, UserStatus } from '../../../gql/graphql.js';
import { roleText, tableauText } from '../shared/user-fields.js';
import { provenanceLabel } from '../shared/user-provenance.js';
import type { UserSelection } from './user-selection.js';

/** Users per request: a few large pages of scalar fields, each within the gateway's cost budget. */
export const EXPORT_PAGE = 500;

export const UsersExportQuery = graphql(`
  query UsersExport(
    $organizationId: ID!
    $search: String
    $sort: UserSort
    $status: UserStatus
    $provenance: UserProvenance
    $offset: Int
    $limit: Int
  ) {
    users(
      organizationId: $organizationId
      search: $search
      sort: $sort
      status: $status
      provenance: $provenance
      offset: $offset
      limit: $limit
    ) {
      rows {
        email
        name
        role
        active
        tableauLicense
        directDataAccessEnabled
        provenance
        lastSignInAt
      }
      pageInfo {
        total
      }
    }
  }
`);

const HEADER = ['Email', 'Name', 'Role', 'Status', 'Tableau license', 'Direct data access', 'Source', 'Last sign-in'];
const USERS = { one: 'user', many: 'users' };

/** What the list shows: its organization, search, sort and status filter (the export's rows, in its order). */
export interface UsersExportFilters {
  organizationId: string;
  search: string | null;
  sort: UserSort | null;
  status: UserStatus | null;
  provenance: UserProvenance | null;
}

/**
 * The users list's CSV export: every user its filters match, across all pages, in the list's order;
 * with rows ticked, those alone ("all matching" is all). Read past the cache, in pages of EXPORT_PAGE.
 */
export function useUsersExport(filters: UsersExportFilters, selection: UserSelection, productName: string): ListExport {
  const client = useApolloClient();
  const run = useCallback(
    async (options: Required<CollectOptions>) => {
      const users = await collectOffsetPages(
        async (offset, limit) => {
          const { data } = await client.query({
            query: UsersExportQuery,
            variables: { ...filters, offset, limit },
            fetchPolicy: 'no-cache',
          });
          return { rows: data!.users.rows, total: data!.users.pageInfo.total };
        },
        EXPORT_PAGE,
        options,
      );
      const kept =
        selection.kind === 'emails' && selection.emails.size > 0
          ? users.filter((user) => selection.emails.has(String(user.email)))
          : users;
      const rows = kept.map((user) => [
        String(user.email),
        user.name,
        roleText(user.role, productName),
        user.active ? 'Active' : 'Inactive',
        tableauText(user.tableauLicense),
        user.directDataAccessEnabled ? 'Enabled' : 'Disabled',
        provenanceLabel(user.provenance),
        // A spreadsheet reads the ISO time as a date; empty for never.
        user.lastSignInAt ? String(user.lastSignInAt) : '',
      ]);
      return {
        fileName: `users-${filters.organizationId}.csv`,
        csv: csvDocument([HEADER, ...rows]),
        count: rows.length,
      };
    },
    [client, filters, selection, productName],
  );
  return useListExport(run, USERS);
}
