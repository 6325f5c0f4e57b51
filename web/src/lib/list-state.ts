import type { ColumnSort } from '../components/SortableHeader.js';

/**
 * The state of a paged list (users, organizations, provider links): search text, page, sort and
 * filters. Lists keep it in their URL (decisions.md: a list can be linked to) under these parameter
 * names; some also remember it per tab, so coming back to the list restores it. Choosing a navigation
 * item starts those lists afresh (spec section 2): search cleared, page 0.
 */
export const LIST_SEARCH_PARAMS = { search: 'search', page: 'page' } as const;

/** The sort's URL parameter: a column key, '-' in front for descending (the REST API's own form). */
export const SORT_PARAM = 'sort';

/** The lists whose search and page are remembered for the tab. */
export type RememberedList = 'users' | 'organizations';
const REMEMBERED_LISTS: readonly RememberedList[] = ['users', 'organizations'];

/** Where a remembered list keeps its search text, page and scope (the organization it belongs to). */
export const rememberedKeys = (list: RememberedList) => ({
  search: `meridian.list.${list}.search`,
  page: `meridian.list.${list}.page`,
  scope: `meridian.list.${list}.scope`,
});

export const LIST_STATE_STORAGE_KEYS = {
  usersSearch: rememberedKeys('users').search,
  usersPage: rememberedKeys('users').page,
  usersScope: rememberedKeys('users').scope,
  organizationsSearch: rememberedKeys('organizations').search,
  organizationsPage: rememberedKeys('organizations').page,
  organizationsScope: rememberedKeys('organizations').scope,
} as const;

export type ListSort<K extends string> = ColumnSort<K>;

/** Filter values by their URL parameter's name. */
export type ListFilters = Record<string, string>;

/** One list's shape: what it sorts by, how it filters, how many rows a page holds. */
export interface ListConfig<K extends string, F extends ListFilters = Record<never, string>> {
  sortKeys: readonly K[];
  defaultSort: ListSort<K>;
  /** Each filter's reading of its URL parameter: the value, or null for one it does not know. */
  filters: { readonly [N in keyof F]: (raw: string) => F[N] | null };
  pageSize: number;
  /** Remembered for the tab under this name; a list without one lives in the URL only. */
  remembered?: RememberedList;
}

export interface ListState<K extends string, F extends ListFilters = Record<never, string>> {
  search: string;
  /** 0-based; page 0 is the absence of the parameter. */
  page: number;
  sort: ListSort<K>;
  /** null: not filtered. */
  filters: { [N in keyof F]: F[N] | null };
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return value !== null && Number.isSafeInteger(page) && page > 0 ? page : 0;
}

function parseSort<K extends string>(config: ListConfig<K, ListFilters>, value: string | null): ListSort<K> {
  if (!value) return config.defaultSort;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  return (config.sortKeys as readonly string[]).includes(key) ? { key: key as K, descending } : config.defaultSort;
}

/** The sort's URL value, or null for the list's default (left out of URLs). */
export function formatSort<K extends string>(config: ListConfig<K, ListFilters>, sort: ListSort<K>): string | null {
  const { key, descending } = config.defaultSort;
  if (sort.key === key && sort.descending === descending) return null;
  return `${sort.descending ? '-' : ''}${sort.key}`;
}

/** The URL parameters a list's state is made of. */
export function listParamNames(config: ListConfig<string, ListFilters>): string[] {
  return [LIST_SEARCH_PARAMS.search, LIST_SEARCH_PARAMS.page, SORT_PARAM, ...Object.keys(config.filters)];
}

/** The list's state from the URL; anything missing or unreadable is the default. */
export function readListState<K extends string, F extends ListFilters>(
  config: ListConfig<K, F>,
  params: URLSearchParams,
): ListState<K, F> {
  const filters = {} as ListState<K, F>['filters'];
  for (const name of Object.keys(config.filters) as (keyof F & string)[]) {
    const raw = params.get(name);
    filters[name] = raw === null ? null : config.filters[name](raw);
  }
  return {
    search: params.get(LIST_SEARCH_PARAMS.search) ?? '',
    page: parsePage(params.get(LIST_SEARCH_PARAMS.page)),
    sort: parseSort(config, params.get(SORT_PARAM)),
    filters,
  };
}

/** The URL parameters of a state: defaults left out (the plain URL is the first page), others kept. */
export function writeListState<K extends string, F extends ListFilters>(
  config: ListConfig<K, F>,
  state: ListState<K, F>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (name: string, value: string | null) => (value ? params.set(name, value) : params.delete(name));
  set(LIST_SEARCH_PARAMS.search, state.search.trim() === '' ? null : state.search);
  set(LIST_SEARCH_PARAMS.page, state.page > 0 ? String(state.page) : null);
  set(SORT_PARAM, formatSort(config, state.sort));
  for (const name of Object.keys(config.filters) as (keyof F & string)[]) set(name, state.filters[name]);
  return params;
}

/** The rows a page asks the server for. */
export function pageWindow(config: ListConfig<string, ListFilters>, page: number) {
  return { offset: page * config.pageSize, limit: config.pageSize };
}

/** How many pages `total` rows fill (at least one, so "page 1 of 1" reads right when empty). */
export function pageCount(config: ListConfig<string, ListFilters>, total: number): number {
  return Math.max(1, Math.ceil(total / config.pageSize));
}

/** The search text, or null for none: an empty search is no search (one cache entry for the plain list). */
export const searchVariable = (search: string): string | null => search.trim() || null;

/**
 * A list's sortable columns, by URL key, as values of the contract's sort enum `E`: every value at
 * least once, so a sort key the contract adds (@meridian/schema list-sort.ts, the SDL enum) does not
 * compile until the list offers it. Also the URL keys, for ListConfig.sortKeys.
 */
export function sortFieldsOf<E extends string>() {
  return <const F extends Readonly<Record<string, E>>>(
    fields: F & ([Exclude<E, F[keyof F]>] extends [never] ? unknown : { missing: Exclude<E, F[keyof F]> }),
  ) => ({ fields: fields as F, keys: Object.keys(fields) as (keyof F & string)[] });
}

/** The sort as the GraphQL contract takes it: the field's enum by key, and a direction. */
export function sortVariable<K extends string, E extends string>(
  sort: ListSort<NoInfer<K>>,
  fields: Readonly<Record<K, E>>,
) {
  return { field: fields[sort.key], direction: sort.descending ? ('DESC' as const) : ('ASC' as const) };
}

/**
 * Remembers the search text and page of a list for returning to it in this tab; `scope` names what
 * the list is of (an organization's users), so another scope's list starts afresh.
 */
export function rememberListState(
  list: RememberedList,
  scope: string,
  state: { search: string; page: number },
  storage: Storage = sessionStorage,
): void {
  const keys = rememberedKeys(list);
  const set = (key: string, value: string) => (value ? storage.setItem(key, value) : storage.removeItem(key));
  try {
    set(keys.search, state.search);
    set(keys.page, state.page > 0 ? String(state.page) : '');
    set(keys.scope, scope);
  } catch {
    // Storage full or unavailable: the URL still holds the state.
  }
}

/** The remembered search text and page of a list in this scope, or null when there are none. */
export function rememberedListState(
  list: RememberedList,
  scope: string,
  storage: Storage = sessionStorage,
): { search: string; page: number } | null {
  const keys = rememberedKeys(list);
  try {
    if ((storage.getItem(keys.scope) ?? '') !== scope) return null;
    const search = storage.getItem(keys.search) ?? '';
    const page = parsePage(storage.getItem(keys.page));
    return search === '' && page === 0 ? null : { search, page };
  } catch {
    return null;
  }
}

/** Forgets every remembered list's search text and page (the navigation starts lists afresh). */
export function resetListState(storage: Storage = sessionStorage): void {
  for (const list of REMEMBERED_LISTS) {
    for (const key of Object.values(rememberedKeys(list))) {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing stored.
      }
    }
  }
}
