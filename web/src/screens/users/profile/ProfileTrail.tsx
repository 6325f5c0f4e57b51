import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { Breadcrumbs } from '../../../components/Breadcrumbs.js';
import { organizationCrumbs, usersCrumb } from '../../../components/organization-crumbs.js';
import { canAccessRoute } from '../../../routes/route-access.js';
import type { SessionUser } from '../../../session/session-user.js';
import { OrganizationUsersHeaderQuery } from '../list/users-list-query.js';

export interface ProfileTrailProps {
  actor: SessionUser;
  organizationId: string;
  email: string;
}

/**
 * Organizations › Acme Health › Users › jane@acme.test, for those who may open the organization's users
 * (someone reaching only their own profile gets no trail of pages they cannot open). The organization's
 * name comes from the users page's own cached query.
 */
export function ProfileTrail({ actor, organizationId, email }: ProfileTrailProps) {
  const params = { orgId: organizationId };
  const mayOpenUsers = canAccessRoute(actor, 'organizationUsers', params);
  const mayReadOrganization = canAccessRoute(actor, 'organizationUpdate', params);
  const header = useFreshQuery(OrganizationUsersHeaderQuery, {
    variables: { organizationId },
    skip: !mayReadOrganization,
  });
  if (!mayOpenUsers) return null;
  const name = header.data?.organization?.name ?? organizationId;
  return <Breadcrumbs items={organizationCrumbs(organizationId, name, usersCrumb(organizationId), { text: email })} />;
}
