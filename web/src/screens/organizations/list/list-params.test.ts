import { describe, expect, it } from 'vitest';
import { nextColumnSort } from '../../../components/SortableHeader.js';
import { pageCount, readListState, writeListState } from '../../../lib/list-state.js';
import {
  listVariables,
  ORGANIZATIONS_LIST,
  ORGANIZATIONS_PAGE_SIZE,
  type OrganizationsListState,
} from './list-params.js';

const read = (query: string) => readListState(ORGANIZATIONS_LIST, new URLSearchParams(query));
const NO_FILTERS = { segment: null, status: null };
const state = (partial: Partial<OrganizationsListState>): OrganizationsListState => ({
  search: '',
  page: 0,
  sort: { key: 'name', descending: false },
  filters: NO_FILTERS,
  ...partial,
});

describe('organizations list state in the URL', () => {
  it('reads search, page, sort and filters, falling back to the defaults for what it cannot read', () => {
    expect(read('search=acme&page=2&sort=-created')).toEqual({
      search: 'acme',
      page: 2,
      sort: { key: 'created', descending: true },
      filters: NO_FILTERS,
    });
    expect(read('page=-3&sort=password&status=sleeping&segment=%20')).toEqual({
      search: '',
      page: 0,
      sort: { key: 'name', descending: false },
      filters: NO_FILTERS,
    });
    expect(read('segment=health-plan&status=ONBOARDING').filters).toEqual({
      segment: 'health-plan',
      status: 'ONBOARDING',
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = writeListState(ORGANIZATIONS_LIST, state({ search: 'acme' }), new URLSearchParams('tab=x&page=4'));
    expect(params.toString()).toBe('tab=x&search=acme');
    expect(
      writeListState(
        ORGANIZATIONS_LIST,
        state({ search: ' ', page: 3, sort: { key: 'status', descending: true } }),
      ).toString(),
    ).toBe('page=3&sort=-status');
  });

  it('turns the state into the gateway query: trimmed search, sort field and direction, offset and limit', () => {
    expect(listVariables(state({ search: '  acme ', page: 2, sort: { key: 'segment', descending: true } }))).toEqual({
      search: 'acme',
      sort: { field: 'CUSTOMER_SEGMENT', direction: 'DESC' },
      offset: 2 * ORGANIZATIONS_PAGE_SIZE,
      limit: ORGANIZATIONS_PAGE_SIZE,
    });
    expect(listVariables(state({})).search).toBeNull();
    expect(listVariables(state({ filters: { segment: 'payer', status: 'ACTIVE' } }))).toMatchObject({
      customerSegment: 'payer',
      status: 'ACTIVE',
    });
  });

  it('flips the current column and sorts a new one ascending; counts pages', () => {
    expect(nextColumnSort({ key: 'name', descending: false }, 'name')).toEqual({ key: 'name', descending: true });
    expect(nextColumnSort({ key: 'name', descending: true }, 'id')).toEqual({ key: 'id', descending: false });
    expect(pageCount(ORGANIZATIONS_LIST, 0)).toBe(1);
    expect(pageCount(ORGANIZATIONS_LIST, ORGANIZATIONS_PAGE_SIZE + 1)).toBe(2);
  });
});
