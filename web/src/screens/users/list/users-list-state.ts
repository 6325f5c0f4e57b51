import type { UserProvenance, UserStatus } from '@meridian/schema';
import type { UserSortField } from '../../../gql/graphql.js';
import {
  pageWindow,
  searchVariable,
  sortFieldsOf,
  sortVariable,
  type ListConfig,
  type ListSort,
  type ListState,
} from '../../../lib/list-state.js';
import { parseStatus, STATUS_PARAM, statusEnumOf } from '../invitation/user-status.js';
import { parseProvenance, PROVENANCE_PARAM, provenanceEnumOf } from '../shared/user-provenance.js';

/** Users shown per page: one page is all the console ever asks for (never the whole list). */
export const USERS_PAGE_SIZE = 50;

/** Sortable columns by their URL key, as the contract's UserSortField (each of its values). */
const SORT = sortFieldsOf<UserSortField>()({
  name: 'NAME',
  email: 'EMAIL',
  role: 'ROLE',
  active: 'ACTIVE',
  createdAt: 'CREATED_AT',
  lastSignInAt: 'LAST_SIGN_IN_AT',
});

export type UserSortKey = (typeof SORT.keys)[number];
export type UsersSort = ListSort<UserSortKey>;

export interface UsersFilters extends Record<string, string> {
  /** Only users with this status (issue 18). */
  [STATUS_PARAM]: UserStatus;
  /** Only users who came this way (issue 39). */
  [PROVENANCE_PARAM]: UserProvenance;
}

/**
 * An organization's users: searched, sorted, filtered by status and source, and paged by the server;
 * remembered per organization.
 */
export const USERS_LIST: ListConfig<UserSortKey, UsersFilters> = {
  sortKeys: SORT.keys,
  defaultSort: { key: 'name', descending: false },
  filters: { [STATUS_PARAM]: parseStatus, [PROVENANCE_PARAM]: parseProvenance },
  pageSize: USERS_PAGE_SIZE,
  remembered: 'users',
};

export type UsersListState = ListState<UserSortKey, UsersFilters>;

/** The users query's variables for a state: the server searches, sorts and pages. */
export function usersQueryVariables(organizationId: string, state: UsersListState) {
  const status = state.filters[STATUS_PARAM];
  const provenance = state.filters[PROVENANCE_PARAM];
  return {
    organizationId,
    search: searchVariable(state.search),
    sort: sortVariable(state.sort, SORT.fields),
    ...pageWindow(USERS_LIST, state.page),
    status: status === null ? null : statusEnumOf(status),
    provenance: provenance === null ? null : provenanceEnumOf(provenance),
  };
}
