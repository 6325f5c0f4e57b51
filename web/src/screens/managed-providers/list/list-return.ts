import { useLocation } from 'react-router-dom';
import { LIST_SEARCH_PARAMS } from '../../../routes/list-state.js';
import { providerLinksPath, type LinkListKind } from '../kinds.js';
import { LINK_SORT_PARAM } from './link-sort.js';

/** The URL parameters that make up a list's state: what an edit carries there and back. */
const LIST_PARAMS = [LIST_SEARCH_PARAMS.search, LIST_SEARCH_PARAMS.page, LINK_SORT_PARAM] as const;

/** "?search=…&page=…&sort=…" of a location's search (only the list's parameters), or '' for none. */
export function listQueryOf(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of LIST_PARAMS) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** `path` carrying the current list state, so the page it opens can come back to the same list. */
export function withListQuery(path: string, search: string): string {
  return `${path}${listQueryOf(search)}`;
}

/**
 * The list an edit page returns to: the one it was opened from, searched, paged and sorted as it was
 * (the edit page's URL carries the list's parameters).
 */
export function useListReturnPath(organizationId: string, kind: LinkListKind): string {
  const { search } = useLocation();
  return withListQuery(providerLinksPath(organizationId, kind), search);
}
