import { LIST_SEARCH_PARAMS } from '../../../routes/list-state.js';
import type {
  OrganizationSortField,
  OrganizationStatus,
  OrganizationsListQueryVariables,
} from '../../../gql/graphql.js';
import { ORGANIZATION_STATUS_ORDER } from '../shared/organization-status.js';

/** Rows per page of the organizations list. */
export const ORGANIZATIONS_PAGE_SIZE = 20;

/** The sort's URL parameter: a column key, '-' in front for descending (as the REST lists sort). */
export const SORT_PARAM = 'sort';

/** The filters' URL parameters (analytics' charts link to the list filtered to a bar). */
export const FILTER_PARAMS = { segment: 'segment', status: 'status' } as const;

/** Sortable columns by their URL key. */
export const SORT_FIELDS = {
  name: 'NAME',
  id: 'ID',
  status: 'STATUS',
  segment: 'CUSTOMER_SEGMENT',
  created: 'CREATED_AT',
} as const satisfies Record<string, OrganizationSortField>;

export type SortKey = keyof typeof SORT_FIELDS;

export interface ListSort {
  key: SortKey;
  descending: boolean;
}

/** What the list shows: the URL's state (decisions.md: a list can be linked to). */
export interface OrganizationsListState {
  search: string;
  /** 0-based; page 0 is the absence of the parameter (routes/list-state.ts). */
  page: number;
  sort: ListSort;
  /** Only this customer segment (its id); absent for all. */
  segment?: string;
  /** Only this lifecycle state; absent for all. */
  status?: OrganizationStatus;
}

export const DEFAULT_SORT: ListSort = { key: 'name', descending: false };

const isSortKey = (value: string): value is SortKey => Object.hasOwn(SORT_FIELDS, value);

export function parseSort(value: string | null): ListSort {
  if (!value) return DEFAULT_SORT;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  return isSortKey(key) ? { key, descending } : DEFAULT_SORT;
}

export function formatSort(sort: ListSort): string | null {
  if (sort.key === DEFAULT_SORT.key && sort.descending === DEFAULT_SORT.descending) return null;
  return `${sort.descending ? '-' : ''}${sort.key}`;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 0;
}

const isStatus = (value: string | null): value is OrganizationStatus =>
  value !== null && (ORGANIZATION_STATUS_ORDER as readonly string[]).includes(value);

/** The list's state from the URL; anything unreadable falls back to its default. */
export function readListState(params: URLSearchParams): OrganizationsListState {
  const state: OrganizationsListState = {
    search: params.get(LIST_SEARCH_PARAMS.search) ?? '',
    page: parsePage(params.get(LIST_SEARCH_PARAMS.page)),
    sort: parseSort(params.get(SORT_PARAM)),
  };
  const segment = params.get(FILTER_PARAMS.segment)?.trim();
  if (segment) state.segment = segment;
  const status = params.get(FILTER_PARAMS.status);
  if (isStatus(status)) state.status = status;
  return state;
}

/** The URL parameters of a state: defaults are left out, other parameters kept as they were. */
export function writeListState(state: OrganizationsListState, base: URLSearchParams = new URLSearchParams()) {
  const params = new URLSearchParams(base);
  const set = (name: string, value: string | null) => (value ? params.set(name, value) : params.delete(name));
  set(LIST_SEARCH_PARAMS.search, state.search.trim() === '' ? null : state.search);
  set(LIST_SEARCH_PARAMS.page, state.page > 0 ? String(state.page) : null);
  set(SORT_PARAM, formatSort(state.sort));
  set(FILTER_PARAMS.segment, state.segment ?? null);
  set(FILTER_PARAMS.status, state.status ?? null);
  return params;
}

/** The organizations query's variables for a state. */
export function listVariables(state: OrganizationsListState): OrganizationsListQueryVariables {
  const search = state.search.trim();
  return {
    search: search === '' ? null : search,
    sort: { field: SORT_FIELDS[state.sort.key], direction: state.sort.descending ? 'DESC' : 'ASC' },
    offset: state.page * ORGANIZATIONS_PAGE_SIZE,
    limit: ORGANIZATIONS_PAGE_SIZE,
    ...(state.segment ? { customerSegment: state.segment } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}

/** Clicking a column: a new column sorts ascending; the current one flips. */
export function nextSort(current: ListSort, key: SortKey): ListSort {
  return current.key === key ? { key, descending: !current.descending } : { key, descending: false };
}

/** How many pages `total` rows make (at least one, so "page 1 of 1" reads right when empty). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ORGANIZATIONS_PAGE_SIZE));
}
