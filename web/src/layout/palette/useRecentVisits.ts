import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { graphql } from '../../gql/index.js';
import { PATHS } from '../../routes/paths.js';
import { organizationTarget, userTarget } from './palette-items.js';
import { readRecentItems, recordRecentItem, type PaletteTarget } from './recent-items.js';

const OrganizationNameFragment = graphql(`
  fragment RecentVisitOrganization on Organization {
    id
    name
  }
`);

const UserNameFragment = graphql(`
  fragment RecentVisitUser on User {
    email
    name
    organizationId
  }
`);

/** Path parameters arrive as the URL has them (user%40acme.test); a malformed one stays as it is. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const ORGANIZATION_PAGE = `${PATHS.organizations}/:orgId/*`;
const USER_PAGE = `${PATHS.organizations}/:orgId/users/:email/profile/*`;

/**
 * The organization or user a console path shows, named as the cache knows them (what the page or the
 * list before it loaded), else as a recent item already named it, else by id or email.
 */
function visitedTarget(
  pathname: string,
  name: (kind: 'organization' | 'user', key: string) => string | undefined,
  recent: PaletteTarget[],
): PaletteTarget | null {
  const userPage = matchPath(USER_PAGE, pathname);
  const organizationPage = matchPath(ORGANIZATION_PAGE, pathname);
  const labelOf = (kind: 'organization' | 'user', key: string, to: string) =>
    name(kind, key) ?? recent.find((item) => item.to === to)?.label ?? key;
  if (userPage?.params.orgId && userPage.params.email) {
    const organizationId = decoded(userPage.params.orgId);
    const email = decoded(userPage.params.email);
    const to = userTarget({ email, organizationId, name: '' }).to;
    return userTarget({ email, organizationId, name: labelOf('user', email, to) });
  }
  const id = organizationPage?.params.orgId && decoded(organizationPage.params.orgId);
  // The create-organization form is no organization, and a new user's form no visit worth remembering.
  if (!id || id === 'create' || pathname.endsWith('/users/create')) return null;
  const to = organizationTarget({ id, name: '' }).to;
  return organizationTarget({ id, name: labelOf('organization', id, to) });
}

/** Records the organizations and users the signed-in user opens, for the palette's Recent section. */
export function useRecentVisits(email: string): void {
  const client = useApolloClient();
  const { pathname } = useLocation();
  useEffect(() => {
    const name = (kind: 'organization' | 'user', key: string) =>
      kind === 'organization'
        ? client.cache.readFragment({
            id: client.cache.identify({ __typename: 'Organization', id: key }),
            fragment: OrganizationNameFragment,
          })?.name
        : client.cache.readFragment({
            id: client.cache.identify({ __typename: 'User', email: key }),
            fragment: UserNameFragment,
          })?.name;
    const target = visitedTarget(pathname, name, readRecentItems(email));
    if (target) recordRecentItem(email, target);
  }, [client, email, pathname]);
}
