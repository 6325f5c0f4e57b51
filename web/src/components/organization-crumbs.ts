import { organizationUpdatePath, organizationUsersPath, PATHS } from '../routes/paths.js';
import type { Crumb } from './Breadcrumbs.js';

/**
 * The trail above an organization's pages: Organizations › {name}, then `below` (Users, Settings, a
 * user). The name leads to the organization's settings; `name` is the id until the name is known.
 */
export function organizationCrumbs(organizationId: string, name: string, ...below: Crumb[]): Crumb[] {
  const params = { orgId: organizationId };
  return [
    { text: 'Organizations', to: PATHS.organizations, route: 'organizations' },
    { text: name, to: organizationUpdatePath(organizationId), route: 'organizationUpdate', params },
    ...below,
  ];
}

/** The organization's users page as a step of the trail (above a user's profile). */
export function usersCrumb(organizationId: string): Crumb {
  return {
    text: 'Users',
    to: organizationUsersPath(organizationId),
    route: 'organizationUsers',
    params: { orgId: organizationId },
  };
}
