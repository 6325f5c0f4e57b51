import { beforeEach, describe, expect, it } from 'vitest';
import {
  LIST_STATE_STORAGE_KEYS,
  listParamNames,
  pageWindow,
  rememberedListState,
  rememberListState,
  resetListState,
  sortFieldsOf,
  sortVariable,
  type ListConfig,
} from './list-state.js';

const LIST: ListConfig<'name' | 'size', { kind: string }> = {
  sortKeys: ['name', 'size'],
  defaultSort: { key: 'name', descending: false },
  filters: { kind: (raw) => (raw === 'a' || raw === 'b' ? raw : null) },
  pageSize: 25,
};

describe('a list’s shape', () => {
  it('names the URL parameters its state is made of, filters included', () => {
    expect(listParamNames(LIST)).toEqual(['search', 'page', 'sort', 'kind']);
  });

  it('asks for one page of its size, sorted as the contract’s enum says', () => {
    expect(pageWindow(LIST, 3)).toEqual({ offset: 75, limit: 25 });
    expect(sortVariable({ key: 'size', descending: true }, { name: 'NAME', size: 'SIZE' })).toEqual({
      field: 'SIZE',
      direction: 'DESC',
    });
  });

  it('offers every value of the contract’s sort enum, its URL keys in order', () => {
    const sort = sortFieldsOf<'NAME' | 'SIZE'>()({ size: 'SIZE', name: 'NAME' });
    expect(sort.keys).toEqual(['size', 'name']);
    expect(sort.fields.size).toBe('SIZE');
    // @ts-expect-error SIZE, a value of the enum, is left out: the list must offer it (tsc -p web)
    sortFieldsOf<'NAME' | 'SIZE'>()({ name: 'NAME' });
  });
});

describe('a remembered list state', () => {
  beforeEach(() => sessionStorage.clear());

  it('comes back for the same scope only, and is forgotten by the navigation', () => {
    rememberListState('users', 'acme', { search: 'mar', page: 4 });
    expect(rememberedListState('users', 'acme')).toEqual({ search: 'mar', page: 4 });
    expect(rememberedListState('users', 'globex')).toBeNull();
    expect(rememberedListState('organizations', '')).toBeNull();
    resetListState();
    expect(rememberedListState('users', 'acme')).toBeNull();
    for (const key of Object.values(LIST_STATE_STORAGE_KEYS)) expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('is nothing when the first page of everything was last shown; an unreadable page is the first', () => {
    rememberListState('users', 'acme', { search: '', page: 0 });
    expect(rememberedListState('users', 'acme')).toBeNull();
    sessionStorage.setItem(LIST_STATE_STORAGE_KEYS.usersScope, 'acme');
    sessionStorage.setItem(LIST_STATE_STORAGE_KEYS.usersPage, '{not a page');
    expect(rememberedListState('users', 'acme')).toBeNull();
  });

  it('keeps an unscoped list’s values as plain text (the organizations list)', () => {
    rememberListState('organizations', '', { search: 'acme', page: 1 });
    expect(sessionStorage.getItem(LIST_STATE_STORAGE_KEYS.organizationsSearch)).toBe('acme');
    expect(sessionStorage.getItem(LIST_STATE_STORAGE_KEYS.organizationsPage)).toBe('1');
    expect(sessionStorage.getItem(LIST_STATE_STORAGE_KEYS.organizationsScope)).toBeNull();
  });
});
