import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_PORTAL_URL } from '../../layout/nav-items.js';
import { renderConsole, sessionUserOf } from '../../routes/test-support.js';

const WAIT = { timeout: 4000 };

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('home page', () => {
  it('launches the organization’s BI portal for a licensed user', async () => {
    renderConsole('/', {
      user: sessionUserOf('orgUser', { tableauLicense: 'viewer', biPortalUrl: 'https://bi.acme.test/portal' }),
    });
    const launch = await screen.findByRole('button', { name: 'Launch My Portal' }, WAIT);
    expect(launch.getAttribute('href')).toBe('https://bi.acme.test/portal');
    expect(screen.getByRole('button', { name: 'Get Support' }).getAttribute('href')).toBe(DEFAULT_SUPPORT_PORTAL_URL);
  });

  it('explains a BI portal the organization has not set up', async () => {
    renderConsole('/', { user: sessionUserOf('orgUser', { tableauLicense: 'creator', biPortalUrl: null }) });
    expect(await screen.findByText('The BI Portal is not set up for your organization.', undefined, WAIT)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Launch My Portal' }).disabled).toBe(true);
  });

  it('sits in the same shell as every page: the navigation, Search, API Sandbox and the profile popover', async () => {
    const { signOut } = renderConsole('/', { user: sessionUserOf('systemViewer', { name: 'Vic Viewer' }) });
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' }, WAIT);
    expect(within(navigation).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(expect.arrayContaining(['Organizations', 'My Organization', 'Analytics', 'Activity']));
    expect(within(navigation).getByRole('button', { name: /Search/ })).toBeTruthy();
    expect(
      within(navigation)
        .getByRole('link', { name: /API Sandbox/ })
        .getAttribute('href'),
    ).toBe('/sandbox');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu for Vic Viewer, Meridian Viewer' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('shows the credential banner to a user whose credential is about to expire', async () => {
    renderConsole('/', {
      user: sessionUserOf('orgUser', {
        dataAccessInfo: [
          { id: 'old', active: true, generatedAt: '2026-05-01T00:00:00Z', daysToExpire: -30 },
          { id: 'new', active: true, generatedAt: '2026-08-20T00:00:00Z', daysToExpire: 5 },
        ],
      }),
    });
    const text = await screen.findByText('Your Data Access Credential will expire in 5 days.', undefined, WAIT);
    const banner = text.closest('.meridian-credential-banner');
    expect(banner?.getAttribute('role')).toBe('status');
    expect(banner?.className).toContain('bp6-intent-warning');
  });
});
