import type { Role } from '@meridian/schema';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_STATE_STORAGE_KEYS } from '../lib/list-state.js';
import { LeftNav } from './LeftNav.js';
import { NAVIGATION_OPEN_STORAGE_KEY, readNavigationOpen, writeNavigationOpen } from './navigation-settings.js';
import { ProfileMenu } from './ProfileMenu.js';
import { ThemeProvider } from '../theme/ThemeProvider.js';
import { THEME_STORAGE_KEY } from '../theme/theme-preference.js';

const userOf = (role: Role, biPortalUrl: string | null = null, tableauLicense: string | null = 'viewer') => ({
  name: 'Dana Reyes',
  email: 'dana@acme.test',
  role,
  organizationId: 'acme',
  features: { 'feature:managed-providers': true },
  biPortalUrl,
  tableauLicense,
});

interface RenderNavOptions {
  at?: string;
  onLogout?: () => void;
  biPortalUrl?: string | null;
  tableauLicense?: string | null;
}

function renderNav(
  role: Role,
  { at = '/analytics', onLogout = vi.fn(), biPortalUrl = null, tableauLicense = 'viewer' }: RenderNavOptions = {},
) {
  const user = userOf(role, biPortalUrl, tableauLicense);
  function Frame() {
    const [isOpen, setOpen] = useState(readNavigationOpen);
    return (
      <LeftNav
        user={user}
        isOpen={isOpen}
        onToggle={() => {
          writeNavigationOpen(!isOpen);
          setOpen(!isOpen);
        }}
        profile={<ProfileMenu user={user} productName="Meridian" showName={isOpen} onLogout={onLogout} />}
      />
    );
  }
  const router = createMemoryRouter([{ path: '*', element: <Frame /> }], { initialEntries: [at] });
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return { router, onLogout };
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('<LeftNav>', () => {
  it('shows the items of the role, marking the current page', () => {
    renderNav('systemAdmin', { at: '/admin/org-management' });
    const links = within(mainNav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(0, 6)).toEqual([
      'Home',
      'Managed Providers',
      'Organizations',
      'My Organization',
      'Analytics',
      'Activity',
    ]);
    expect(screen.getByRole('link', { name: 'Organizations' }).getAttribute('aria-current')).toBe('page');
  });

  it('lights up My Organization on one’s own organization’s settings, not Organizations too', () => {
    renderNav('systemAdmin', { at: '/admin/org-management/acme/update' });
    expect(screen.getByRole('link', { name: 'Organizations' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'My Organization' }).getAttribute('aria-current')).toBe('page');
  });

  it('lights up Organizations on another organization’s detail pages', () => {
    for (const at of [
      '/admin/org-management/globex/update/general',
      '/admin/org-management/globex',
      '/admin/org-management/globex/users/ann%40globex.test/profile/general',
    ]) {
      cleanup();
      renderNav('systemAdmin', { at });
      expect(screen.getByRole('link', { name: 'Organizations' }).getAttribute('aria-current'), at).toBe('page');
      const lit = within(mainNav())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
      expect(lit, at).toHaveLength(1);
    }
  });

  it('lights up Users for an org admin on their organization’s users and profiles, My Organization on its settings', () => {
    for (const at of ['/admin/org-management/acme', '/admin/org-management/acme/users/pat%40acme.test/profile']) {
      cleanup();
      renderNav('orgAdmin', { at });
      expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current'), at).toBe('page');
      expect(screen.getByRole('link', { name: 'My Organization' }).getAttribute('aria-current'), at).toBeNull();
    }
    cleanup();
    renderNav('orgAdmin', { at: '/admin/org-management/acme/update/general' });
    expect(screen.getByRole('link', { name: 'My Organization' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows an org user only Home and Managed Providers', () => {
    renderNav('orgUser');
    expect(screen.queryByRole('link', { name: 'Organizations' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Analytics' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My Organization' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Activity' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Managed Providers' }).getAttribute('href')).toBe(
      '/config/acme/managed-providers',
    );
  });

  it('opens the bottom links in a new tab, BI Portal only with a license and a portal URL', () => {
    renderNav('orgUser', { biPortalUrl: 'https://bi.acme.test/' });
    const bi = screen.getByRole('link', { name: /BI Portal/ });
    expect(bi.getAttribute('href')).toBe('https://bi.acme.test/');
    for (const name of [/BI Portal/, /API Sandbox/, /Support Portal/]) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByRole('link', { name: /API Sandbox/ }).getAttribute('href')).toBe('/sandbox');
    cleanup();
    renderNav('orgUser');
    expect(screen.queryByRole('link', { name: /BI Portal/ })).toBeNull();
    cleanup();
    // Without a Tableau license home's button is disabled: the navigation does not offer it either.
    renderNav('orgUser', { biPortalUrl: 'https://bi.acme.test/', tableauLicense: null });
    expect(screen.queryByRole('link', { name: /BI Portal/ })).toBeNull();
  });

  it('resets the lists’ search and page when an item is chosen', async () => {
    for (const key of Object.values(LIST_STATE_STORAGE_KEYS)) sessionStorage.setItem(key, 'remembered');
    const { router } = renderNav('systemAdmin', { at: '/analytics' });
    await userEvent.click(screen.getByRole('link', { name: 'Organizations' }));
    expect(router.state.location.pathname).toBe('/admin/org-management');
    for (const key of Object.values(LIST_STATE_STORAGE_KEYS)) expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('is open by default, and remembers being collapsed', async () => {
    expect(readNavigationOpen()).toBe(true);
    renderNav('orgUser');
    const toggle = screen.getByRole('button', { name: 'Collapse navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(localStorage.getItem(NAVIGATION_OPEN_STORAGE_KEY)).toBe('false');
    cleanup();
    renderNav('orgUser');
    const collapsed = screen.getByRole('button', { name: 'Expand navigation' });
    expect(collapsed.getAttribute('aria-expanded')).toBe('false');
    // Collapsed items keep their accessible names (the label is only visually hidden).
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
  });
});

describe('<ProfileMenu>', () => {
  async function openMenu() {
    await userEvent.click(screen.getByRole('button', { name: /Profile menu for Dana Reyes/ }));
    return screen.findByRole('menu', { name: 'Profile' });
  }
  const itemNames = (menu: HTMLElement) =>
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);

  it('offers a system admin View Profile, Manage Organizations and Logout', async () => {
    renderNav('systemAdmin');
    expect(itemNames(await openMenu())).toEqual(['View Profile', 'Manage Organizations', 'Logout']);
  });

  it('offers a system viewer View Organizations, an org admin My Organization, an org user neither', async () => {
    renderNav('systemViewer');
    expect(itemNames(await openMenu())).toEqual(['View Profile', 'View Organizations', 'Logout']);
    cleanup();
    renderNav('orgAdmin');
    expect(itemNames(await openMenu())).toEqual(['View Profile', 'My Organization', 'Logout']);
    cleanup();
    renderNav('orgUser');
    expect(itemNames(await openMenu())).toEqual(['View Profile', 'Logout']);
  });

  it('names the role, goes to the own profile, and logs out', async () => {
    const { router, onLogout } = renderNav('orgAdmin');
    expect(screen.getByRole('button', { name: 'Profile menu for Dana Reyes, Org Admin' })).toBeTruthy();
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'View Profile' }));
    expect(router.state.location.pathname).toBe('/admin/org-management/acme/users/dana%40acme.test/profile/general');
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('is reachable and usable from the keyboard', async () => {
    const { onLogout } = renderNav('orgUser');
    const button = screen.getByRole('button', { name: /Profile menu for Dana Reyes/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Profile' });
    const logout = within(menu).getByRole('menuitem', { name: 'Logout' });
    expect(logout.tabIndex).toBe(0);
    logout.focus();
    await userEvent.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('switches the theme from the menu', async () => {
    renderNav('orgUser');
    const menu = await openMenu();
    const system = within(menu).getByRole('menuitemradio', { name: 'Use system theme' });
    expect(system.getAttribute('aria-checked')).toBe('true');
    expect(document.body.classList.contains('bp6-dark')).toBe(false);
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Dark theme' }));
    expect(document.body.classList.contains('bp6-dark')).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    const reopened = await openMenu();
    expect(within(reopened).getByRole('menuitemradio', { name: 'Dark theme' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await userEvent.click(within(reopened).getByRole('menuitemradio', { name: 'Light theme' }));
    expect(document.body.classList.contains('bp6-dark')).toBe(false);
  });
});

describe('the compact bar below 960 px', () => {
  function renderCompact() {
    const user = userOf('systemAdmin');
    function Frame() {
      const [isOpen, setOpen] = useState(false);
      return <LeftNav user={user} isOpen={isOpen} isCompact onToggle={() => setOpen(!isOpen)} />;
    }
    const router = createMemoryRouter([{ path: '*', element: <Frame /> }], { initialEntries: ['/analytics'] });
    render(<RouterProvider router={router} />);
  }

  afterEach(cleanup);

  it('is one Menu button that opens the items on demand and says whether they are open', async () => {
    renderCompact();
    const toggle = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(toggle.textContent).toBe('Menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // It names the lists it shows, which exist while hidden (CSS hides them in the bar).
    for (const id of toggle.getAttribute('aria-controls')!.split(' ')) expect(document.getElementById(id)).toBeTruthy();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close navigation menu' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on Escape from inside the menu and gives the focus back to its button', async () => {
    renderCompact();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    screen.getByRole('link', { name: 'Organizations' }).focus();
    await userEvent.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
