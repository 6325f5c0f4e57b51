/**
 * The search text and page number of the users and organizations lists. The lists keep them in their
 * URL (decisions.md: a list can be linked to) under these parameter names, and remember the last ones
 * in sessionStorage under these keys so returning to a list restores it. Choosing a navigation item
 * starts both lists afresh (spec section 2): search cleared, page 0.
 */
export const LIST_SEARCH_PARAMS = { search: 'search', page: 'page' } as const;

export const LIST_STATE_STORAGE_KEYS = {
  usersSearch: 'meridian.list.users.search',
  usersPage: 'meridian.list.users.page',
  organizationsSearch: 'meridian.list.organizations.search',
  organizationsPage: 'meridian.list.organizations.page',
} as const;

/** Forgets both lists' remembered search text and page (page 0 is the absence of a value). */
export function resetListState(storage: Storage = sessionStorage): void {
  for (const key of Object.values(LIST_STATE_STORAGE_KEYS)) {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing stored.
    }
  }
}
