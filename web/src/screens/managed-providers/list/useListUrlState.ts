import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_SEARCH_PARAMS } from '../../../routes/list-state.js';
import { formatLinkSort, LINK_SORT_PARAM, parseLinkSort, type LinkSort } from './link-sort.js';

export interface ListUrlState {
  search: string;
  /** 0-based; page 0 is the absence of the parameter. */
  page: number;
  /** New search text: back to the first page, replacing the history entry (typing is not navigation). */
  setSearch: (search: string) => void;
  /** Another page: a history entry of its own, so the back button returns to the previous page. */
  setPage: (page: number) => void;
  sort: LinkSort;
  /** Another order: back to the first page, a history entry of its own. */
  setSort: (sort: LinkSort) => void;
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 0;
}

/** A list's search text, page number and sort, kept in the URL (decisions.md: a list can be linked to). */
export function useListUrlState(): ListUrlState {
  const [params, setParams] = useSearchParams();
  const search = params.get(LIST_SEARCH_PARAMS.search) ?? '';
  const page = pageOf(params.get(LIST_SEARCH_PARAMS.page));
  const sortParam = params.get(LINK_SORT_PARAM);
  const sort = useMemo(() => parseLinkSort(sortParam), [sortParam]);

  const setSearch = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(LIST_SEARCH_PARAMS.search, next);
          else updated.delete(LIST_SEARCH_PARAMS.search);
          updated.delete(LIST_SEARCH_PARAMS.page);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 0) updated.set(LIST_SEARCH_PARAMS.page, String(next));
        else updated.delete(LIST_SEARCH_PARAMS.page);
        return updated;
      }),
    [setParams],
  );

  const setSort = useCallback(
    (next: LinkSort) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        const value = formatLinkSort(next);
        if (value) updated.set(LINK_SORT_PARAM, value);
        else updated.delete(LINK_SORT_PARAM);
        updated.delete(LIST_SEARCH_PARAMS.page);
        return updated;
      }),
    [setParams],
  );

  return { search, page, setSearch, setPage, sort, setSort };
}
