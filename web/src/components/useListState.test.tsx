import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberListState, type ListConfig } from '../lib/list-state.js';
import { useListState } from './useListState.js';

afterEach(cleanup);
beforeEach(() => sessionStorage.clear());

const LIST: ListConfig<'name' | 'size', { kind: string }> = {
  sortKeys: ['name', 'size'],
  defaultSort: { key: 'name', descending: false },
  filters: { kind: (raw) => (raw === 'a' || raw === 'b' ? raw : null) },
  pageSize: 25,
  remembered: 'users',
};

/** The hook inside a router at `url`, with the location it leaves. */
function renderListState(url: string, scope = 'acme') {
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  return renderHook(
    () => {
      const location = useLocation();
      return { ...useListState(LIST, scope), url: `${location.pathname}${location.search}` };
    },
    { wrapper },
  );
}

describe('useListState', () => {
  it('reads the URL and writes each change back to it, from the first page where the list changes', () => {
    const { result } = renderListState('/list?page=2&kind=a&tab=x');
    expect(result.current.state).toEqual({
      search: '',
      page: 2,
      sort: { key: 'name', descending: false },
      filters: { kind: 'a' },
    });
    act(() => result.current.sortBy('size'));
    expect(result.current.url).toBe('/list?kind=a&tab=x&sort=size');
    act(() => result.current.setPage(3));
    act(() => result.current.sortBy('size'));
    expect(result.current.state.sort).toEqual({ key: 'size', descending: true });
    expect(result.current.state.page).toBe(0);
    act(() => result.current.setFilter('kind', null));
    act(() => result.current.setSearch('ann'));
    expect(result.current.url).toBe('/list?tab=x&sort=-size&search=ann');
  });

  it('restores the remembered search and page of the same scope when the URL has none', () => {
    rememberListState('users', 'acme', { search: 'mar', page: 4 });
    expect(renderListState('/list').result.current.url).toBe('/list?search=mar&page=4');
    cleanup();
    rememberListState('users', 'acme', { search: 'mar', page: 4 });
    expect(renderListState('/list', 'globex').result.current.url).toBe('/list');
  });
});
