import { beforeEach, describe, expect, it } from 'vitest';
import { LIST_STATE_STORAGE_KEYS, resetListState } from '../../../routes/list-state.js';
import {
  DEFAULT_USERS_SORT,
  pageCount,
  parseUsersListState,
  rangeText,
  rememberedUsersListState,
  rememberUsersListState,
  toggleSort,
  USERS_PAGE_SIZE,
  usersListParams,
  usersQueryVariables,
} from './users-list-state.js';

const parse = (query: string) => parseUsersListState(new URLSearchParams(query));

describe('the users list state in the URL', () => {
  it('reads search, page and sort, with defaults for what is missing or malformed', () => {
    expect(parse('')).toEqual({ search: '', page: 0, sort: DEFAULT_USERS_SORT, status: null });
    expect(parse('search=mar&page=3&sort=-email')).toEqual({
      search: 'mar',
      page: 3,
      sort: { field: 'email', descending: true },
      status: null,
    });
    expect(parse('page=-2&sort=password&status=pending')).toEqual({
      search: '',
      page: 0,
      sort: DEFAULT_USERS_SORT,
      status: null,
    });
    expect(parse('status=invited').status).toBe('invited');
    expect(parse('page=1.5').page).toBe(0);
    expect(parse('page=abc').page).toBe(0);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(usersListParams(parse('')).toString()).toBe('');
    const state = {
      search: 'pat doe',
      page: 2,
      sort: { field: 'role' as const, descending: true },
      status: 'invited' as const,
    };
    const written = usersListParams(state);
    expect(written.toString()).toBe('search=pat+doe&page=2&sort=-role&status=invited');
    expect(parseUsersListState(written)).toEqual(state);
  });

  it('turns a column around on a second click and starts another ascending', () => {
    expect(toggleSort({ field: 'name', descending: false }, 'name')).toEqual({ field: 'name', descending: true });
    expect(toggleSort({ field: 'name', descending: true }, 'name')).toEqual({ field: 'name', descending: false });
    expect(toggleSort({ field: 'name', descending: true }, 'active')).toEqual({ field: 'active', descending: false });
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
    });
    expect(usersQueryVariables('acme', parse('status=inactive')).status).toBe('INACTIVE');
    expect(usersQueryVariables('acme', parse(''))).toMatchObject({
      search: null,
      sort: { field: 'NAME', direction: 'ASC' },
      offset: 0,
    });
  });

  it('counts pages and says which users a page shows', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(USERS_PAGE_SIZE)).toBe(1);
    expect(pageCount(100_000)).toBe(100_000 / USERS_PAGE_SIZE);
    expect(pageCount(USERS_PAGE_SIZE + 1)).toBe(2);
    expect(rangeText(1, USERS_PAGE_SIZE, 100_000)).toBe('Showing 51–100 of 100,000');
    expect(rangeText(0, 0, 0)).toBe('Showing 0 of 0');
  });
});

describe('the remembered users list state', () => {
  beforeEach(() => sessionStorage.clear());

  it('comes back for the same organization only, and is forgotten by the navigation', () => {
    rememberUsersListState('acme', { search: 'mar', page: 4, sort: DEFAULT_USERS_SORT, status: null });
    expect(rememberedUsersListState('acme')).toEqual({ search: 'mar', page: 4 });
    expect(rememberedUsersListState('globex')).toBeNull();
    resetListState();
    expect(rememberedUsersListState('acme')).toBeNull();
  });

  it('is nothing when the first page of everything was last shown, or storage holds garbage', () => {
    rememberUsersListState('acme', { search: '', page: 0, sort: DEFAULT_USERS_SORT, status: null });
    expect(rememberedUsersListState('acme')).toBeNull();
    sessionStorage.setItem(LIST_STATE_STORAGE_KEYS.usersSearch, '{not json');
    expect(rememberedUsersListState('acme')).toBeNull();
  });
});
