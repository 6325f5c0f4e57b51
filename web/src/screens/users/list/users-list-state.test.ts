import { describe, expect, it } from 'vitest';
import { nextColumnSort } from '../../../components/SortableHeader.js';
import { pageCount, readListState, writeListState } from '../../../lib/list-state.js';
import { USERS_LIST, USERS_PAGE_SIZE, usersQueryVariables, type UsersListState } from './users-list-state.js';

const parse = (query: string) => readListState(USERS_LIST, new URLSearchParams(query));
const DEFAULT_SORT = USERS_LIST.defaultSort;

describe('the users list state in the URL', () => {
  it('reads search, page, sort and status, with defaults for what is missing or malformed', () => {
    expect(parse('')).toEqual({ search: '', page: 0, sort: DEFAULT_SORT, filters: { status: null, provenance: null } });
    expect(parse('search=mar&page=3&sort=-email')).toEqual({
      search: 'mar',
      page: 3,
      sort: { key: 'email', descending: true },
      filters: { status: null, provenance: null },
    });
    expect(parse('page=-2&sort=password&status=pending')).toEqual({
      search: '',
      page: 0,
      sort: DEFAULT_SORT,
      filters: { status: null, provenance: null },
    });
    expect(parse('status=invited').filters.status).toBe('invited');
    expect(parse('provenance=scim&sort=-lastSignInAt')).toMatchObject({
      sort: { key: 'lastSignInAt', descending: true },
      filters: { status: null, provenance: 'scim' },
    });
    expect(parse('provenance=ldap').filters.provenance).toBeNull();
    expect(parse('page=1.5').page).toBe(0);
    expect(parse('page=abc').page).toBe(0);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(writeListState(USERS_LIST, parse('')).toString()).toBe('');
    const state: UsersListState = {
      search: 'pat doe',
      page: 2,
      sort: { key: 'role', descending: true },
      filters: { status: 'invited', provenance: 'sso' },
    };
    const written = writeListState(USERS_LIST, state);
    expect(written.toString()).toBe('search=pat+doe&page=2&sort=-role&status=invited&provenance=sso');
    expect(readListState(USERS_LIST, written)).toEqual(state);
  });

  it('turns a column around on a second click and starts another ascending', () => {
    expect(nextColumnSort({ key: 'name', descending: false }, 'name')).toEqual({ key: 'name', descending: true });
    expect(nextColumnSort({ key: 'name', descending: true }, 'name')).toEqual({ key: 'name', descending: false });
    expect(nextColumnSort({ key: 'name', descending: true }, 'active')).toEqual({ key: 'active', descending: false });
  });
});

describe('the users query for a state', () => {
  it('asks the server for one page: offset and limit from the page, sort as the contract’s enum', () => {
    expect(usersQueryVariables('acme', parse('search=%20mar%20&page=2&sort=-createdAt'))).toEqual({
      organizationId: 'acme',
      search: 'mar',
      sort: { field: 'CREATED_AT', direction: 'DESC' },
      offset: 2 * USERS_PAGE_SIZE,
      limit: USERS_PAGE_SIZE,
      status: null,
      provenance: null,
    });
    expect(usersQueryVariables('acme', parse('status=inactive')).status).toBe('INACTIVE');
    expect(usersQueryVariables('acme', parse('provenance=scim&sort=lastSignInAt'))).toMatchObject({
      sort: { field: 'LAST_SIGN_IN_AT', direction: 'ASC' },
      provenance: 'SCIM',
    });
    expect(usersQueryVariables('acme', parse(''))).toMatchObject({
      search: null,
      sort: { field: 'NAME', direction: 'ASC' },
      offset: 0,
    });
  });

  it('counts pages', () => {
    expect(pageCount(USERS_LIST, 0)).toBe(1);
    expect(pageCount(USERS_LIST, USERS_PAGE_SIZE)).toBe(1);
    expect(pageCount(USERS_LIST, 100_000)).toBe(100_000 / USERS_PAGE_SIZE);
    expect(pageCount(USERS_LIST, USERS_PAGE_SIZE + 1)).toBe(2);
  });
});
