import { LIST_SEARCH_PARAMS, LIST_STATE_STORAGE_KEYS } from '../../../routes/list-state.js';
import type { UserStatus } from '@meridian/schema';
import type { UserSort, UserSortField } from '../../../gql/graphql.js';
import { parseStatus, STATUS_PARAM, statusEnumOf } from '../invitation/user-status.js';

/** Users shown per page: one page is all the console ever asks for (never the whole list). */
export const USERS_PAGE_SIZE = 50;

/** The URL parameter of the sort: a field, '-' in front for descending (the REST API's own form). */
export const SORT_PARAM = 'sort';

export const USER_SORT_KEYS = ['name', 'email', 'role', 'active', 'createdAt'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export interface UsersSort {
  field: UserSortKey;
  descending: boolean;
}

/** What the users list shows: its search text, page (0 = the first), sort and status filter. */
export interface UsersListState {
  search: string;
  page: number;
  sort: UsersSort;
  /** Only users with this status (issue 18); null: all. */
  status: UserStatus | null;
}

export const DEFAULT_USERS_SORT: UsersSort = { field: 'name', descending: false };

const isSortKey = (value: string): value is UserSortKey => (USER_SORT_KEYS as readonly string[]).includes(value);

function parsePage(value: string | null): number {
  const page = Number(value);
  return value !== null && Number.isSafeInteger(page) && page > 0 ? page : 0;
}

function parseSort(value: string | null): UsersSort {
  const descending = value?.startsWith('-') ?? false;
  const field = value?.replace(/^-/, '') ?? '';
  return isSortKey(field) ? { field, descending } : DEFAULT_USERS_SORT;
}

/** The list's state from the URL's search parameters; anything missing or malformed is the default. */
export function parseUsersListState(params: URLSearchParams): UsersListState {
  return {
    search: params.get(LIST_SEARCH_PARAMS.search) ?? '',
    page: parsePage(params.get(LIST_SEARCH_PARAMS.page)),
    sort: parseSort(params.get(SORT_PARAM)),
    status: parseStatus(params.get(STATUS_PARAM)),
  };
}

/** The URL's search parameters of a state; defaults are left out, so the plain URL is the first page. */
export function usersListParams(state: UsersListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search !== '') params.set(LIST_SEARCH_PARAMS.search, state.search);
  if (state.page > 0) params.set(LIST_SEARCH_PARAMS.page, String(state.page));
  if (state.sort.field !== DEFAULT_USERS_SORT.field || state.sort.descending !== DEFAULT_USERS_SORT.descending) {
    params.set(SORT_PARAM, `${state.sort.descending ? '-' : ''}${state.sort.field}`);
  }
  if (state.status !== null) params.set(STATUS_PARAM, state.status);
  return params;
}

/** Clicking a column's header: the same column turns around, another starts ascending. */
export function toggleSort(current: UsersSort, field: UserSortKey): UsersSort {
  return current.field === field ? { field, descending: !current.descending } : { field, descending: false };
}

const SORT_FIELDS: Readonly<Record<UserSortKey, UserSortField>> = {
  name: 'NAME',
  email: 'EMAIL',
  role: 'ROLE',
  active: 'ACTIVE',
  createdAt: 'CREATED_AT',
};

/** The users query's variables for a state: the server searches, sorts and pages. */
export function usersQueryVariables(organizationId: string, state: UsersListState) {
  const sort: UserSort = { field: SORT_FIELDS[state.sort.field], direction: state.sort.descending ? 'DESC' : 'ASC' };
  const search = state.search.trim();
  return {
    organizationId,
    search: search === '' ? null : search,
    sort,
    offset: state.page * USERS_PAGE_SIZE,
    limit: USERS_PAGE_SIZE,
    status: state.status === null ? null : statusEnumOf(state.status),
  };
}

/** How many pages `total` users fill (at least one, the empty page). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
}

/** "Showing 51–100 of 1,234" for a page of `rows` at `page`. */
export function rangeText(page: number, rows: number, total: number): string {
  if (rows === 0) return `Showing 0 of ${total.toLocaleString('en-US')}`;
  const first = page * USERS_PAGE_SIZE + 1;
  return `Showing ${first.toLocaleString('en-US')}–${(first + rows - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

/** A remembered value belongs to one organization: another organization's list starts afresh. */
interface Remembered {
  organizationId: string;
  value: string;
}

function readRemembered(storage: Storage, key: string, organizationId: string): string | null {
  try {
    const stored = JSON.parse(storage.getItem(key) ?? 'null') as Partial<Remembered> | null;
    return stored?.organizationId === organizationId && typeof stored.value === 'string' ? stored.value : null;
  } catch {
    return null;
  }
}

function writeRemembered(storage: Storage, key: string, organizationId: string, value: string): void {
  try {
    storage.setItem(key, JSON.stringify({ organizationId, value } satisfies Remembered));
  } catch {
    // Storage full or unavailable: the URL still holds the state.
  }
}

/**
 * Remembers the search text and page for returning to this organization's list (list-state.ts: the
 * navigation forgets them).
 */
export function rememberUsersListState(
  organizationId: string,
  state: UsersListState,
  storage: Storage = sessionStorage,
) {
  writeRemembered(storage, LIST_STATE_STORAGE_KEYS.usersSearch, organizationId, state.search);
  writeRemembered(storage, LIST_STATE_STORAGE_KEYS.usersPage, organizationId, String(state.page));
}

/** The remembered search text and page of this organization's list, or null when there are none. */
export function rememberedUsersListState(
  organizationId: string,
  storage: Storage = sessionStorage,
): Pick<UsersListState, 'search' | 'page'> | null {
  const search = readRemembered(storage, LIST_STATE_STORAGE_KEYS.usersSearch, organizationId) ?? '';
  const page = parsePage(readRemembered(storage, LIST_STATE_STORAGE_KEYS.usersPage, organizationId));
  return search === '' && page === 0 ? null : { search, page };
}
