/**
 * Recently visited items of the command palette, kept in localStorage per user: each user's list under
 * their own key, and every list removed at sign-out with the rest of the user's data
 * (ApolloSetup.purge), so the next user of the browser never sees them.
 */

export type PaletteItemKind = 'organization' | 'user' | 'page';

/** One place the palette can go to. */
export interface PaletteTarget {
  kind: PaletteItemKind;
  label: string;
  /** A second line: a user's email and organization, an organization's id. */
  detail?: string | undefined;
  /** The console path it opens. */
  to: string;
}

/** Every user's list starts with this; clearAllRecentItems() removes them all. */
export const RECENT_ITEMS_PREFIX = 'meridian.recent.';
/** The palette shows this many; older visits fall off. */
export const RECENT_ITEMS_MAX = 6;

const keyOf = (email: string) => `${RECENT_ITEMS_PREFIX}${email.toLowerCase()}`;

const isTarget = (value: unknown): value is PaletteTarget => {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    ['organization', 'user', 'page'].includes(item.kind as string) &&
    typeof item.label === 'string' &&
    typeof item.to === 'string' &&
    item.to.startsWith('/') &&
    (item.detail === undefined || typeof item.detail === 'string')
  );
};

/** The user's recent items, newest first; nothing when storage is unreadable or holds something else. */
export function readRecentItems(email: string, storage: Storage = localStorage): PaletteTarget[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(email)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isTarget).slice(0, RECENT_ITEMS_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts `item` first in the user's list (once: a visit again moves it up). */
export function recordRecentItem(email: string, item: PaletteTarget, storage: Storage = localStorage): void {
  const others = readRecentItems(email, storage).filter((recent) => recent.to !== item.to);
  const { kind, label, detail, to } = item;
  try {
    storage.setItem(keyOf(email), JSON.stringify([{ kind, label, detail, to }, ...others].slice(0, RECENT_ITEMS_MAX)));
  } catch {
    // Storage full or refused: the palette simply remembers less.
  }
}

/** Removes every user's recent items (sign-out leaves nothing of a user behind). */
export function clearAllRecentItems(storage: Storage = localStorage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) if (key?.startsWith(RECENT_ITEMS_PREFIX)) storage.removeItem(key);
}
