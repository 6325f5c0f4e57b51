import { mayDo, type AccessUser } from '../../session/access.js';
import { organizationUpdatePath, userProfilePath } from '../../routes/paths.js';
import { canAccessRoute } from '../../routes/route-access.js';
import {
  organizationSectionPath,
  PROFILE_SECTIONS,
  profileSectionPath,
  visibleOrganizationSections,
  visibleProfileSections,
} from '../../routes/sub-pages.js';
import { navItems, type NavItemId } from '../nav-items.js';
import { rankByMatch } from './palette-match.js';
import type { PaletteTarget } from './recent-items.js';

/** A target with the words people look for it by (matched, never stored with the recent items). */
export interface SearchableTarget extends PaletteTarget {
  keywords?: readonly string[];
}

/** One option of the palette's list: a target with a key unique in the list. */
export interface PaletteOption extends PaletteTarget {
  key: string;
}

/** A titled group of options ("Recent", "Pages", "Organizations", "Users"). */
export interface PaletteSection {
  title: string;
  options: PaletteOption[];
}

/** What the gateway's search answered, as the palette's document selects it. */
export interface SearchHits {
  organizations: readonly { id: string; name: string }[];
  users: readonly { email: string; name: string; organizationId: string }[];
}

/** Whether the role may search organizations and users at all (the operation table's `search`). */
export function maySearch(user: AccessUser): boolean {
  return mayDo(user, 'search');
}

/** What people type for the navigation's pages besides their names. */
const PAGE_KEYWORDS: Readonly<Partial<Record<NavItemId, readonly string[]>>> = {
  'managed-providers': ['npi', 'provider aliases', 'provider relationships'],
  organizations: ['tenants', 'customers'],
  'my-organization': ['settings', 'organization'],
  users: ['people', 'staff'],
  analytics: ['charts', 'figures', 'dashboard'],
  activity: ['audit', 'log', 'history', 'events'],
};

/** The pages the navigation offers the user: the same route table, so the palette never offers a refusal. */
export function pageTargets(user: AccessUser): SearchableTarget[] {
  return navItems(user).map((item) => ({
    kind: 'page',
    label: item.label,
    to: item.to,
    keywords: PAGE_KEYWORDS[item.id],
  }));
}

/** The signed-in user as the palette knows them: their access, and their organization's name when known. */
export type PaletteUser = AccessUser & { organizationName?: string | null };

/** The organization whose pages are open (…/org-management/{id}/…), if any. */
export function organizationInView(pathname: string): string | null {
  const match = /^\/admin\/org-management\/([^/]+)/.exec(pathname);
  const id = match ? decodeURIComponent(match[1]!) : null;
  return id === null || id === 'create' ? null : id;
}

/**
 * The settings the user may open, as the tabs themselves decide (routes/sub-pages.ts), with their
 * keywords (issue 39: "sso" finds Sign-in, "scim" Provisioning, "mfa" Sign-in security): their own
 * profile's tabs, then the tabs of the organization whose pages are open, then their own
 * organization's. The palette never offers a tab the page would refuse.
 */
export function settingsTargets(user: PaletteUser, pathname: string): SearchableTarget[] {
  const own = { organizationId: user.organizationId, email: user.email };
  const visible = new Set(visibleProfileSections(user, own));
  const profile: SearchableTarget[] = PROFILE_SECTIONS.filter((section) => visible.has(section.id)).map((section) => ({
    kind: 'page',
    label: section.title,
    detail: 'Your profile',
    to: profileSectionPath(user.organizationId, user.email, section.id),
    keywords: section.keywords,
  }));
  const inView = organizationInView(pathname);
  const organizations = [...new Set([inView, user.organizationId].filter((id): id is string => id !== null))];
  const settings = organizations
    .filter((organizationId) => canAccessRoute(user, 'organizationUpdate', { orgId: organizationId }))
    .flatMap((organizationId) => {
      const name =
        organizationId === user.organizationId && user.organizationName ? user.organizationName : organizationId;
      return visibleOrganizationSections(user, organizationId).map((section): SearchableTarget => ({
        kind: 'page',
        label: section.title,
        detail: `${name} · organization settings`,
        to: organizationSectionPath(organizationId, section.id),
        keywords: section.keywords,
      }));
    });
  return [...profile, ...settings];
}

export const organizationTarget = (organization: { id: string; name: string }): PaletteTarget => ({
  kind: 'organization',
  label: organization.name,
  detail: organization.id,
  to: organizationUpdatePath(organization.id),
});

export const userTarget = (user: { email: string; name: string; organizationId: string }): PaletteTarget => ({
  kind: 'user',
  label: user.name,
  detail: `${user.email} · ${user.organizationId}`,
  to: userProfilePath(user.organizationId, user.email),
});

/** An option of the list: the target without its keywords (a recent item is stored as it is chosen). */
const withKeys = (prefix: string, targets: SearchableTarget[]): PaletteOption[] =>
  targets.map(({ keywords: _keywords, ...target }) => ({ ...target, key: `${prefix}:${target.to}` }));

/**
 * The palette's sections: with no text, the recent items and every page; with text, the pages and
 * settings it names, best match first (an exact keyword or name before a fuzzy hit), then the
 * organizations and users the gateway found. Empty sections are left out.
 */
export function paletteSections(
  text: string,
  pages: SearchableTarget[],
  recent: PaletteTarget[],
  hits: SearchHits | undefined,
  settings: SearchableTarget[] = [],
): PaletteSection[] {
  const needle = text.trim();
  const sections: PaletteSection[] = needle
    ? [
        { title: 'Pages', options: withKeys('page', rankByMatch(needle, [...pages, ...settings])) },
        {
          title: 'Organizations',
          options: withKeys('organization', (hits?.organizations ?? []).map(organizationTarget)),
        },
        { title: 'Users', options: withKeys('user', (hits?.users ?? []).map(userTarget)) },
      ]
    : [
        { title: 'Recent', options: withKeys('recent', recent) },
        { title: 'Pages', options: withKeys('page', pages) },
      ];
  return sections.filter((section) => section.options.length > 0);
}

/** The option `step` places from `current` (wrapping), or the first when none is current. */
export function movedKey(options: PaletteOption[], current: string | null, step: 1 | -1): string | null {
  if (options.length === 0) return null;
  const index = options.findIndex((option) => option.key === current);
  if (index === -1) return options[step === 1 ? 0 : options.length - 1]!.key;
  return options[(index + step + options.length) % options.length]!.key;
}
