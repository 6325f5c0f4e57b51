import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  parseUsersListState,
  rememberedUsersListState,
  rememberUsersListState,
  toggleSort,
  usersListParams,
  type UserSortKey,
  type UsersListState,
} from './users-list-state.js';

export interface UsersListControls {
  state: UsersListState;
  /** New search text: back to the first page; replaces the history entry (typing is not navigation). */
  setSearch: (search: string) => void;
  /** Another page: a history entry of its own, so the back button returns to the page before. */
  setPage: (page: number) => void;
  /** Sort by a column (again: the other way round), from the first page. */
  sortBy: (field: UserSortKey) => void;
  /** Only users of a status (null: all), from the first page. */
  setStatus: (status: UsersListState['status']) => void;
}

/**
 * The users list's state kept in the URL (linkable; back and forward work), remembered per tab for
 * returning to the same organization's list, where a URL without state restores it.
 */
export function useUsersListState(organizationId: string): UsersListControls {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseUsersListState(params), [params]);
  // Arriving at a URL without state restores the remembered one, once: clearing the search later must
  // not bring it back. (The page is keyed by organization, so another organization arrives afresh.)
  const pendingRestore = useRef(params.toString() === '');
  useEffect(() => {
    if (!pendingRestore.current) return;
    pendingRestore.current = false;
    const remembered = rememberedUsersListState(organizationId);
    if (remembered)
      setParams(usersListParams({ ...parseUsersListState(new URLSearchParams()), ...remembered }), { replace: true });
  }, [organizationId, setParams]);

  useEffect(() => {
    rememberUsersListState(organizationId, state);
  }, [organizationId, state]);

  const update = useCallback(
    (change: (current: UsersListState) => UsersListState, replace: boolean) =>
      setParams((current) => usersListParams(change(parseUsersListState(current))), { replace }),
    [setParams],
  );

  return {
    state,
    setSearch: useCallback(
      (search: string) =>
        update((current) => (current.search === search ? current : { ...current, search, page: 0 }), true),
      [update],
    ),
    setPage: useCallback((page: number) => update((current) => ({ ...current, page }), false), [update]),
    sortBy: useCallback(
      (field: UserSortKey) =>
        update((current) => ({ ...current, sort: toggleSort(current.sort, field), page: 0 }), false),
      [update],
    ),
    setStatus: useCallback(
      (status: UsersListState['status']) => update((current) => ({ ...current, status, page: 0 }), false),
      [update],
    ),
  };
}
