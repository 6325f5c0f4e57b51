import type { UserStatus } from '@meridian/schema';
import type { UserSortField } from '../../../gql/graphql.js';
import {
  pageWindow,
  searchVariable,
  sortVariable,
  type ListConfig,
  type ListSort,
  type ListState,
} from '../../../lib/list-state.js';
import { parseStatus, STATUS_PARAM, statusEnumOf } from '../invitation/user-status.js';

/** Users shown per page: one page is all the console ever asks for (never the whole list). */
export const USERS_PAGE_SIZE = 50;

/** Sortable columns by their URL key, as the contract's UserSortField. */
const SORT_FIELDS = {
  name: 'NAME',
  email: 'EMAIL',
  role: 'ROLE',
  active: 'ACTIVE',
  createdAt: 'CREATED_AT',
} as const satisfies Record<string, UserSortField>;

export type UserSortKey = keyof typeof SORT_FIELDS;
export type UsersSort = ListSort<UserSortKey>;

export interface UsersFilters extends Record<string, string> {
  /** Only users with this status (issue 18). */
  [STATUS_PARAM]: UserStatus;
}

/** An organization's users: searched, sorted, filtered by status and paged by the server; remembered per organization. */
export const USERS_LIST: ListConfig<UserSortKey, UsersFilters> = {
  sortKeys: Object.keys(SORT_FIELDS) as UserSortKey[],
  defaultSort: { key: 'name', descending: false },
  filters: { [STATUS_PARAM]: parseStatus },
  pageSize: USERS_PAGE_SIZE,
  remembered: 'users',
};

export type UsersListState = ListState<UserSortKey, UsersFilters>;

/** The users query's variables for a state: the server searches, sorts and pages. */
export function usersQueryVariables(organizationId: string, state: UsersListState) {
  const status = state.filters[STATUS_PARAM];
  return {
    organizationId,
    search: searchVariable(state.search),
    sort: sortVariable(state.sort, SORT_FIELDS),
    ...pageWindow(USERS_LIST, state.page),
    status: status === null ? null : statusEnumOf(status),
  };
}
