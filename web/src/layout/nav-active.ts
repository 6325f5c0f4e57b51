import { matchPath } from 'react-router-dom';
import { PATHS } from '../routes/paths.js';
import type { NavItem, NavItemId } from './nav-items.js';

/** The organization a detail page under /admin/org-management/{orgId}/… is about, or null. */
function detailOrganizationOf(pathname: string): string | null {
  const match = matchPath({ path: `${PATHS.organizations}/:orgId`, end: false }, pathname);
  const orgId = match?.params.orgId;
  return orgId && orgId !== 'create' ? decodeURIComponent(orgId) : null;
}

/**
 * The one navigation item to highlight on `pathname`. An item whose own path matches wins (the most
 * specific one: My Organization on one's own organization's settings). Organizations is matched exactly
 * for visibility (spec section 2), yet its detail pages (an organization, its users, a user's profile,
 * creating one) sit below it, so they light it up; an org admin, who has no Organizations item, sees Users
 * lit on their organization's users and profiles, and My Organization on its settings.
 */
export function activeNavItem(
  items: readonly NavItem[],
  pathname: string,
  ownOrganizationId: string,
): NavItemId | null {
  const direct = items
    .filter((item) => matchPath({ path: item.to, end: item.end }, pathname) !== null)
    .sort((a, b) => b.to.length - a.to.length)[0];
  if (direct) return direct.id;
  if (!pathname.startsWith(`${PATHS.organizations}/`)) return null;
  if (items.some((item) => item.id === 'organizations')) return 'organizations';
  const orgId = detailOrganizationOf(pathname);
  if (orgId === ownOrganizationId && items.some((item) => item.id === 'my-organization')) return 'my-organization';
  return null;
}
