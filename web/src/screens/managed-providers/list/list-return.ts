import { useLocation } from 'react-router-dom';
import { listParamNames } from '../../../lib/list-state.js';
import { providerLinksPath, type LinkListKind } from '../kinds.js';
import { PROVIDER_LINKS_LIST } from './link-sort.js';

/** The URL parameters that make up a list's state: what an edit carries there and back. */
const LIST_PARAMS = listParamNames(PROVIDER_LINKS_LIST);

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
