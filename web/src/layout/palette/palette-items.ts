import { mayDo, type AccessUser } from '../../session/access.js';
import { organizationUpdatePath, userProfilePath } from '../../routes/paths.js';
import { navItems } from '../nav-items.js';
import type { PaletteTarget } from './recent-items.js';

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

/** The pages the navigation offers the user: the same route table, so the palette never offers a refusal. */
export function pageTargets(user: AccessUser): PaletteTarget[] {
  return navItems(user).map((item) => ({ kind: 'page', label: item.label, to: item.to }));
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

const withKeys = (prefix: string, targets: PaletteTarget[]): PaletteOption[] =>
  targets.map((target) => ({ ...target, key: `${prefix}:${target.to}` }));

const contains = (text: string, needle: string) => text.toLowerCase().includes(needle.toLowerCase());

/**
 * The palette's sections: with no text, the recent items and every page; with text, the pages whose
 * name contains it, then the organizations and users the gateway found. Empty sections are left out.
 */
export function paletteSections(
  text: string,
  pages: PaletteTarget[],
  recent: PaletteTarget[],
  hits: SearchHits | undefined,
): PaletteSection[] {
  const needle = text.trim();
  const sections: PaletteSection[] = needle
    ? [
        {
          title: 'Pages',
          options: withKeys(
            'page',
            pages.filter((page) => contains(page.label, needle)),
          ),
        },
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
