import { describe, expect, it } from 'vitest';
import {
  listVariables,
  nextSort,
  ORGANIZATIONS_PAGE_SIZE,
  pageCount,
  readListState,
  writeListState,
} from './list-params.js';

describe('organizations list state in the URL', () => {
  it('reads search, page and sort, falling back to the defaults for what it cannot read', () => {
    expect(readListState(new URLSearchParams('search=acme&page=2&sort=-created'))).toEqual({
      search: 'acme',
      page: 2,
      sort: { key: 'created', descending: true },
    });
    expect(readListState(new URLSearchParams('page=-3&sort=password'))).toEqual({
      search: '',
      page: 0,
      sort: { key: 'name', descending: false },
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = writeListState(
      { search: 'acme', page: 0, sort: { key: 'name', descending: false } },
      new URLSearchParams('tab=x&page=4'),
    );
    expect(params.toString()).toBe('tab=x&search=acme');
    expect(writeListState({ search: ' ', page: 3, sort: { key: 'status', descending: true } }).toString()).toBe(
      'page=3&sort=-status',
    );
  });

  it('turns the state into the gateway query: trimmed search, sort field and direction, offset and limit', () => {
    expect(listVariables({ search: '  acme ', page: 2, sort: { key: 'segment', descending: true } })).toEqual({
      search: 'acme',
      sort: { field: 'CUSTOMER_SEGMENT', direction: 'DESC' },
      offset: 2 * ORGANIZATIONS_PAGE_SIZE,
      limit: ORGANIZATIONS_PAGE_SIZE,
    });
    expect(listVariables({ search: '', page: 0, sort: { key: 'name', descending: false } }).search).toBeNull();
  });

  it('flips the current column and sorts a new one ascending; counts pages', () => {
    expect(nextSort({ key: 'name', descending: false }, 'name')).toEqual({ key: 'name', descending: true });
    expect(nextSort({ key: 'name', descending: true }, 'id')).toEqual({ key: 'id', descending: false });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(ORGANIZATIONS_PAGE_SIZE + 1)).toBe(2);
  });
});
