import {
  pageWindow,
  searchVariable,
  sortFieldsOf,
  sortVariable,
  type ListConfig,
  type ListSort,
  type ListState,
} from '../../../lib/list-state.js';
import type {
  OrganizationSortField,
  OrganizationStatus,
  OrganizationsListQueryVariables,
} from '../../../gql/graphql.js';
import { ORGANIZATION_STATUS_ORDER } from '../shared/organization-status.js';

/** Rows per page of the organizations list. */
export const ORGANIZATIONS_PAGE_SIZE = 20;

/** Sortable columns by their URL key (each of OrganizationSortField's values). */
const SORT = sortFieldsOf<OrganizationSortField>()({
  name: 'NAME',
  id: 'ID',
  status: 'STATUS',
  segment: 'CUSTOMER_SEGMENT',
  created: 'CREATED_AT',
});

export type SortKey = (typeof SORT.keys)[number];
export type OrganizationsSort = ListSort<SortKey>;

const isStatus = (value: string): value is OrganizationStatus =>
  (ORGANIZATION_STATUS_ORDER as readonly string[]).includes(value);

/** Filters by their URL parameter (analytics' charts link to the list filtered to a bar). */
export interface OrganizationsFilters extends Record<string, string> {
  /** A customer segment's id. */
  segment: string;
  /** A lifecycle state. */
  status: OrganizationStatus;
}

/** The organizations list: searched, sorted, filtered and paged by the gateway; remembered for the tab. */
export const ORGANIZATIONS_LIST: ListConfig<SortKey, OrganizationsFilters> = {
  sortKeys: SORT.keys,
  defaultSort: { key: 'name', descending: false },
  filters: {
    segment: (raw) => raw.trim() || null,
    status: (raw) => (isStatus(raw) ? raw : null),
  },
  pageSize: ORGANIZATIONS_PAGE_SIZE,
  remembered: 'organizations',
};

export type OrganizationsListState = ListState<SortKey, OrganizationsFilters>;

/** The organizations query's variables for a state. */
export function listVariables(state: OrganizationsListState): OrganizationsListQueryVariables {
  const { segment, status } = state.filters;
  return {
    search: searchVariable(state.search),
    sort: sortVariable(state.sort, SORT.fields),
    ...pageWindow(ORGANIZATIONS_LIST, state.page),
    ...(segment ? { customerSegment: segment } : {}),
    ...(status ? { status } : {}),
  };
}
