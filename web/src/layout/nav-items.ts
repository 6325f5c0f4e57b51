import { biPortalButtonState } from '../lib/bi-portal.js';
import { canAccessRoute, type AccessUser } from '../routes/route-access.js';
import { managedProvidersPath, organizationUpdatePath, organizationUsersPath, PATHS } from '../routes/paths.js';

export type NavItemId =
  'home' | 'managed-providers' | 'organizations' | 'my-organization' | 'users' | 'analytics' | 'activity';

export interface NavItem {
  id: NavItemId;
  label: string;
  to: string;
  /** Highlighted only on its exact path (not on the pages below it). */
  end: boolean;
}

/**
 * The left navigation of spec section 2, in its order. An item shows only when the route guard would
 * let the user through (the same requirement table), so the navigation never offers a refusal.
 */
export function navItems(user: AccessUser): NavItem[] {
  const ownOrg = { orgId: user.organizationId };
  const items: (NavItem | false)[] = [
    { id: 'home', label: 'Home', to: PATHS.home, end: true },
    canAccessRoute(user, 'managedProviders', ownOrg) && {
      id: 'managed-providers',
      label: 'Managed Providers',
      to: managedProvidersPath(user.organizationId),
      end: false,
    },
    canAccessRoute(user, 'organizations') && {
      id: 'organizations',
      label: 'Organizations',
      to: PATHS.organizations,
      end: true,
    },
    canAccessRoute(user, 'organizationUpdate', ownOrg) && {
      id: 'my-organization',
      label: 'My Organization',
      to: organizationUpdatePath(user.organizationId),
      end: false,
    },
    // Their organization's users, one click away for those without the Organizations list (an Org Admin):
    // operators reach every organization's users from Organizations.
    !canAccessRoute(user, 'organizations') &&
      canAccessRoute(user, 'organizationUsers', ownOrg) && {
        id: 'users',
        label: 'Users',
        to: organizationUsersPath(user.organizationId),
        end: false,
      },
    canAccessRoute(user, 'analytics') && { id: 'analytics', label: 'Analytics', to: PATHS.analytics, end: false },
    // The audit trail (issue 7), last: operators read every organization's, an Org Admin their own's.
    canAccessRoute(user, 'activity') && { id: 'activity', label: 'Activity', to: PATHS.activity, end: true },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

export interface ExternalLink {
  id: 'bi-portal' | 'api-docs' | 'support-portal';
  label: string;
  href: string;
}

/**
 * Where the Support Portal lives when config.json names none. An `.example` host (reserved, never
 * resolves) makes a missing setting visible instead of sending users somewhere unintended.
 */
export const DEFAULT_SUPPORT_PORTAL_URL = 'https://support.meridian.example/';

export function supportPortalUrl(config: { supportPortalUrl?: string | undefined }): string {
  return config.supportPortalUrl ?? DEFAULT_SUPPORT_PORTAL_URL;
}

/**
 * The bottom links, each opened in a new tab: BI Portal exactly when home's 'Launch My Portal' would
 * open it (a Tableau license and a portal URL: one rule, lib/bi-portal.ts).
 */
export function externalLinks(
  user: { tableauLicense: string | null; biPortalUrl: string | null },
  config: { supportPortalUrl?: string | undefined },
): ExternalLink[] {
  const links: ExternalLink[] = [];
  const biPortal = biPortalButtonState(user, false);
  if (biPortal.kind === 'link') links.push({ id: 'bi-portal', label: 'BI Portal', href: biPortal.href });
  // Named for what it opens (the spec's "API Docs"): a GraphiQL sandbox, its Docs pane the schema's own
  // descriptions (decisions.md).
  links.push({ id: 'api-docs', label: 'API Sandbox', href: PATHS.sandbox });
  links.push({ id: 'support-portal', label: 'Support Portal', href: supportPortalUrl(config) });
  return links;
}
