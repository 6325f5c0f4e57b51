import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  listParamNames,
  readListState,
  rememberedListState,
  rememberListState,
  writeListState,
  type ListConfig,
  type ListFilters,
  type ListState,
} from '../lib/list-state.js';
import { nextColumnSort } from './SortableHeader.js';

export interface ListControls<K extends string, F extends ListFilters> {
  state: ListState<K, F>;
  /** New search text: back to the first page; replaces the history entry (typing is not navigation). */
  setSearch: (search: string) => void;
  /** Another page: a history entry of its own, so the back button returns to the page before. */
  setPage: (page: number) => void;
  /** Sort by a column (again: the other way round), from the first page. */
  sortBy: (key: K) => void;
  /** Filter by a value (null: none), from the first page. */
  setFilter: <N extends keyof F>(name: N, value: F[N] | null) => void;
}

/**
 * A list's state kept in the URL (linkable; back and forward move through pages and sorts). A list
 * with `config.remembered` also remembers its search and page for the tab: arriving at a URL without
 * the list's parameters restores them, for the same `scope` (e.g. the organization whose users these are).
 * `config` is a module constant: a new object each render would re-read the URL each time.
 */
export function useListState<K extends string, F extends ListFilters>(
  config: ListConfig<K, F>,
  scope = '',
): ListControls<K, F> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(config, params), [config, params]);

  // Arriving without the list's parameters restores the remembered state, once: clearing the search
  // later must not bring it back.
  const pendingRestore = useRef(!listParamNames(config).some((name) => params.has(name)));
  useEffect(() => {
    if (!pendingRestore.current) return;
    pendingRestore.current = false;
    const remembered = config.remembered && rememberedListState(config.remembered, scope);
    if (remembered)
      setParams((current) => writeListState(config, { ...readListState(config, current), ...remembered }, current), {
        replace: true,
      });
  }, [config, scope, setParams]);

  useEffect(() => {
    if (config.remembered) rememberListState(config.remembered, scope, state);
  }, [config, scope, state]);

  const update = useCallback(
    (change: (current: ListState<K, F>) => ListState<K, F>, replace: boolean) =>
      setParams((current) => writeListState(config, change(readListState(config, current)), current), { replace }),
    [config, setParams],
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
      (key: K) => update((current) => ({ ...current, sort: nextColumnSort(current.sort, key), page: 0 }), false),
      [update],
    ),
    setFilter: useCallback(
      <N extends keyof F>(name: N, value: F[N] | null) =>
        update((current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 0 }), false),
      [update],
    ),
  };
}
