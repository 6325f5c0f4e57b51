import type { Role } from '@meridian/schema';
import { organizationUpdatePath, PATHS, userProfilePath } from '../routes/paths.js';

export interface ProfileMenuLink {
  id: 'view-profile' | 'organizations' | 'my-organization';
  label: string;
  to: string;
}

/**
 * The profile popover's links (spec section 2): View Profile for everyone; 'Manage Organizations' for
 * system admins, 'View Organizations' for system viewers; 'My Organization' for org admins. Logout is
 * always last and is an action, not a link.
 */
export function profileMenuLinks(user: { email: string; role: Role; organizationId: string }): ProfileMenuLink[] {
  const links: ProfileMenuLink[] = [
    { id: 'view-profile', label: 'View Profile', to: userProfilePath(user.organizationId, user.email, 'general') },
  ];
  if (user.role === 'systemAdmin')
    links.push({ id: 'organizations', label: 'Manage Organizations', to: PATHS.organizations });
  if (user.role === 'systemViewer')
    links.push({ id: 'organizations', label: 'View Organizations', to: PATHS.organizations });
  if (user.role === 'orgAdmin') {
    links.push({ id: 'my-organization', label: 'My Organization', to: organizationUpdatePath(user.organizationId) });
  }
  return links;
}
