import type { ApolloClient } from '@apollo/client';
import { csvDocument } from '../../../lib/csv.js';
import { downloadCsv } from '../../../lib/download.js';
import { graphql } from '../../../gql/index.js';
import { roleText, tableauText } from '../shared/user-fields.js';
import type { UserSelection } from './user-selection.js';

/** Users per request: large pages, few calls; scalar fields only, so each page is one platform call. */
export const EXPORT_PAGE = 1000;

export const UsersExportQuery = graphql(`
  query UsersExport($organizationId: ID!, $search: String, $offset: Int, $limit: Int) {
    users(organizationId: $organizationId, search: $search, offset: $offset, limit: $limit) {
      rows {
        email
        name
        role
        active
        tableauLicense
        directDataAccessEnabled
      }
      pageInfo {
        total
      }
    }
  }
`);

const HEADER = ['Email', 'Name', 'Role', 'Status', 'Tableau license', 'Direct data access'];

/**
 * Writes the selected users to a CSV file: the list's search is read in pages of EXPORT_PAGE (sorted by
 * email), keeping the selected rows; "all matching" keeps every row.
 */
export async function exportUsers(
  client: ApolloClient,
  organizationId: string,
  search: string,
  selection: UserSelection,
  productName: string,
): Promise<number> {
  const rows: (string | boolean | null)[][] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const { data } = await client.query({
      query: UsersExportQuery,
      variables: { organizationId, search: search || null, offset, limit: EXPORT_PAGE },
      fetchPolicy: 'network-only',
    });
    const page = data?.users;
    if (!page) break;
    for (const user of page.rows) {
      const email = String(user.email);
      if (selection.kind === 'emails' && !selection.emails.has(email)) continue;
      rows.push([
        email,
        user.name,
        roleText(user.role, productName),
        user.active ? 'Active' : 'Inactive',
        tableauText(user.tableauLicense),
        user.directDataAccessEnabled ? 'Enabled' : 'Disabled',
      ]);
    }
    if (page.rows.length < EXPORT_PAGE || offset + EXPORT_PAGE >= page.pageInfo.total) break;
  }
  downloadCsv(`users-${organizationId}.csv`, csvDocument([HEADER, ...rows]));
  return rows.length;
}
