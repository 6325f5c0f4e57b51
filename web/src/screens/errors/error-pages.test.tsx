import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigContext, type RuntimeConfig } from '../../config/runtime.js';
import { CHUNK_RELOAD_STORAGE_KEY, isChunkLoadError, reloadOnce } from '../../lib/chunk-reload.js';
import { ErrorPage } from './ErrorPage.js';
import { installGlobalErrorHandlers } from './global-error-handlers.js';
import { NOT_FOUND_HEADING, NotFoundPage } from './NotFoundPage.js';
import { RouteErrorBoundary } from './RouteErrorBoundary.js';

const config: RuntimeConfig = {
  productName: 'Meridian',
  gatewayUrl: 'http://localhost:4000/graphql',
  oidc: { issuer: 'http://localhost:4011', clientId: 'meridian-console' },
  environment: 'local',
};

function renderAt(routes: RouteObject[], entries: Parameters<typeof createMemoryRouter>[1]) {
  const router = createMemoryRouter(routes, entries);
  render(
    <RuntimeConfigContext.Provider value={config}>
      <RouterProvider router={router} />
    </RuntimeConfigContext.Provider>,
  );
  return router;
}

const homeRoute: RouteObject = { path: '/', element: <p>Home content</p> };

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('404 page', () => {
  it('shows the image, the heading, Go Back and Visit Homepage, titled for the product', () => {
    renderAt([homeRoute, { path: '/404', element: <NotFoundPage /> }], { initialEntries: ['/404'] });
    expect(screen.getByRole('img', { name: /map/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Looks like the page you’re looking for is no longer here or may have moved.',
    );
    expect(NOT_FOUND_HEADING).toContain('’');
    expect(screen.getByRole('button', { name: 'Go Back' }).className).toContain('bp6-outlined');
    expect(screen.getByRole('link', { name: 'Visit Homepage' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Meridian | Page Not Found');
  });

  it('goes one step back in history with Go Back', async () => {
    const router = renderAt(
      [homeRoute, { path: '/somewhere', element: <p>Where I was</p> }, { path: '/404', element: <NotFoundPage /> }],
      { initialEntries: ['/', '/somewhere', '/404'], initialIndex: 2 },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Where I was')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/somewhere');
  });

  it('hides Go Back when the flag is set, by prop or by navigation state', () => {
    const { unmount } = render(
      <RuntimeConfigContext.Provider value={config}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <NotFoundPage hideGoBack /> }])} />
      </RuntimeConfigContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();
    unmount();
    renderAt([{ path: '/404', element: <NotFoundPage /> }], {
      initialEntries: [{ pathname: '/404', state: { hideGoBack: true } }],
    });
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Visit Homepage' })).toBeTruthy();
  });
});

describe('error page', () => {
  it('shows the message passed in navigation state', () => {
    renderAt([{ path: '/error', element: <ErrorPage /> }], {
      initialEntries: [
        {
          pathname: '/error',
          state: { message: 'Current user does not exist. Please contact support for assistance.' },
        },
      ],
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Current user does not exist. Please contact support for assistance.',
    );
    expect(document.title).toBe('Meridian | Error');
  });

  it('says "Something went wrong!" without a message', () => {
    renderAt([{ path: '/error', element: <ErrorPage /> }], { initialEntries: ['/error'] });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong!');
    expect(screen.getByRole('link', { name: 'Visit Homepage' }).getAttribute('href')).toBe('/');
    // Nobody is signed in here, so there is nothing to sign out of.
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});

describe('error boundary', () => {
  function Broken({ error }: { error: Error }): never {
    throw error;
  }

  it('shows the 404 page for a render error, and the page again after navigating away', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAt(
      [homeRoute, { path: '/broken', element: <Broken error={new TypeError('x is undefined')} /> }].map((route) => ({
        ...route,
        element: <RouteErrorBoundary resetKey={route.path!}>{route.element}</RouteErrorBoundary>,
      })),
      { initialEntries: ['/', '/broken'], initialIndex: 1 },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(NOT_FOUND_HEADING);
    await router.navigate('/');
    expect(await screen.findByText('Home content')).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });

  it('recognises failed dynamic imports and reloads only once a minute', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
    const reload = vi.fn();
    expect(reloadOnce(1_000_000, reload)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe('1000000');
    expect(reloadOnce(1_030_000, reload)).toBe(false);
    expect(reloadOnce(1_070_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('ignores the ResizeObserver loop message and lets other errors through', () => {
    const uninstall = installGlobalErrorHandlers();
    const seen: string[] = [];
    const listener = (event: ErrorEvent) => seen.push(event.message);
    window.addEventListener('error', listener);
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
    window.dispatchEvent(new ErrorEvent('error', { message: 'Real trouble' }));
    window.removeEventListener('error', listener);
    uninstall();
    expect(seen).toEqual(['Real trouble']);
  });
});
