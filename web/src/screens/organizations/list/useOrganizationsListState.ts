import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_SEARCH_PARAMS, LIST_STATE_STORAGE_KEYS } from '../../../routes/list-state.js';
import {
  FILTER_PARAMS,
  readListState,
  SORT_PARAM,
  writeListState,
  type OrganizationsListState,
} from './list-params.js';

const KEYS = { search: LIST_STATE_STORAGE_KEYS.organizationsSearch, page: LIST_STATE_STORAGE_KEYS.organizationsPage };

function remembered(): { search: string; page: number } | null {
  try {
    const search = sessionStorage.getItem(KEYS.search) ?? '';
    const page = Number(sessionStorage.getItem(KEYS.page) ?? 0);
    return search || page > 0 ? { search, page: Number.isInteger(page) ? page : 0 } : null;
  } catch {
    return null;
  }
}

function remember(state: OrganizationsListState): void {
  try {
    const set = (key: string, value: string) =>
      value ? sessionStorage.setItem(key, value) : sessionStorage.removeItem(key);
    set(KEYS.search, state.search);
    set(KEYS.page, state.page > 0 ? String(state.page) : '');
  } catch {
    // Storage unavailable: the URL still holds the state.
  }
}

const hasListParams = (params: URLSearchParams) =>
  [LIST_SEARCH_PARAMS.search, LIST_SEARCH_PARAMS.page, SORT_PARAM, ...Object.values(FILTER_PARAMS)].some((name) =>
    params.has(name),
  );

/**
 * The list's search, page and sort, kept in the URL (linkable; back and forward move through pages
 * and sorts) and remembered for the session, so coming back to the list without parameters restores
 * where the user was. The navigation clears what is remembered (routes/list-state.ts).
 */
export function useOrganizationsListState(): {
  state: OrganizationsListState;
  /** Changes the state; `replace` rewrites the current history entry (typing) instead of adding one. */
  update: (next: Partial<OrganizationsListState>, options?: { replace?: boolean }) => void;
} {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);

  // Arriving without parameters: restore what the session remembers, in place.
  useEffect(() => {
    if (hasListParams(params)) return;
    const last = remembered();
    if (last) setParams(writeListState({ ...readListState(params), ...last }, params), { replace: true });
    // Only on arrival: later changes come through update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => remember(state), [state]);

  const update = useCallback(
    (next: Partial<OrganizationsListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => writeListState({ ...readListState(current), ...next }, current), {
        replace: options.replace === true,
      });
    },
    [setParams],
  );
  return { state, update };
}
