import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../../gql/index.js';
import { roleKeyOf } from '../../shared/user-fields.js';
import { activeOrgAdminsOf } from '../self-protection.js';

/** Enough of a role-sorted first page to see past any usual number of Org Admins. */
const ORG_ADMIN_PAGE = 25;

const ActiveOrgAdminsQuery = graphql(`
  query ActiveOrgAdmins($organizationId: ID!, $limit: Int) {
    users(organizationId: $organizationId, sort: { field: ROLE, direction: ASC }, limit: $limit) {
      rows {
        email
        role
        active
      }
      pageInfo {
        total
      }
    }
  }
`);

/**
 * How many active Org Admins the organization has (see activeOrgAdminsOf), asked of the server only
 * when it matters (`enabled`); null while unknown. Always fetched afresh: it decides whether controls
 * are disabled.
 */
export function useActiveOrgAdmins(organizationId: string, enabled: boolean): number | null {
  const { data } = useQuery(ActiveOrgAdminsQuery, {
    variables: { organizationId, limit: ORG_ADMIN_PAGE },
    skip: !enabled,
    fetchPolicy: 'cache-and-network',
  });
  if (!enabled || !data) return null;
  const rows = data.users.rows.map((row) => ({ role: roleKeyOf(row.role), active: row.active }));
  return activeOrgAdminsOf(rows, data.users.pageInfo.total);
}
