import { MESSAGES } from '@meridian/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissPasswordReminderToday } from '../lib/password-reminder.js';
import { renderConsole, sessionUserOf, signedOutSession } from './test-support.js';

const WAIT = { timeout: 4000 };
const location = () => screen.getByTestId('location');
const heading = (name: string | RegExp) => screen.findByRole('heading', { name }, WAIT);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

/** Waits for the page title: each screen sets it as it mounts (its data may still be loading). */
const titled = (expected: string | RegExp) =>
  waitFor(
    () =>
      expect(document.title).toMatch(
        typeof expected === 'string' ? new RegExp(`^${expected.replace(/[|]/g, '\\|')}$`) : expected,
      ),
    WAIT,
  );

describe('route table', () => {
  it('sends an unknown path to the 404 page, signed in or not', async () => {
    renderConsole('/no/such/page', { session: signedOutSession() });
    await heading('Looks like the page you’re looking for is no longer here or may have moved.');
    expect(location().textContent).toBe('/404');
  });

  it('opens the public pages without signing in', async () => {
    const { signIn } = renderConsole('/forgot-password', { session: signedOutSession(), user: null });
    await screen.findByRole('button', { name: 'Send link' }, WAIT);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('starts the sign-in on a protected page when signed out', async () => {
    const { signIn } = renderConsole('/analytics', { session: signedOutSession(), user: null });
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1), WAIT);
  });

  it('renders home in the shell as every page, titled "{product} Platform"', async () => {
    renderConsole('/', { user: sessionUserOf('orgUser', { name: 'Olive User' }) });
    await heading('Welcome, Olive User');
    expect(screen.getByRole('heading', { name: 'BI Portal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Support' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Meridian Platform');
  });

  it('renders the other pages in the shell, titled "{product} | {page}"', async () => {
    renderConsole('/admin/org-management', { user: sessionUserOf('systemAdmin') });
    await titled('Meridian | Organizations');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Organizations' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens managed providers at its aliases page', async () => {
    renderConsole('/config/acme/managed-providers', { user: sessionUserOf('orgUser') });
    await titled('Meridian | Managed Providers');
    expect(location().textContent).toBe('/config/acme/managed-providers/aliases');
  });
});

describe('guards in the app (spec section 4)', () => {
  it('1. sends a user without a record to /error with its message', async () => {
    const { signOut } = renderConsole('/analytics', { user: null, userError: 'missing' });
    await heading(MESSAGES.userMissing);
    expect(location().textContent).toBe('/error');
    // Home would only send them back here: the page offers the way out.
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('2. sends a user lacking the permission home with the error toast', async () => {
    const { toasts } = renderConsole('/analytics', { user: sessionUserOf('orgUser', { name: 'Olive User' }) });
    await heading('Welcome, Olive User');
    expect(location().textContent).toBe('/');
    const toast = await screen.findByText('You do not have permission to view that page.');
    expect(toast.closest('.meridian-toast-body')?.getAttribute('data-toast-type')).toBe('error');
    expect(toasts.list()).toHaveLength(1);
  });

  it('2. refuses managed providers without the feature, like a missing permission', async () => {
    const user = sessionUserOf('orgAdmin', {
      features: { 'feature:managed-providers': false, 'feature:data-access-management': true },
    });
    renderConsole('/config/acme/managed-providers/aliases/update', { user });
    await screen.findByText(MESSAGES.permissionDenied, undefined, WAIT);
    await waitFor(() => expect(location().textContent).toBe('/'));
  });

  it('2. keeps an org admin out of another organization', async () => {
    renderConsole('/admin/org-management/globex', { user: sessionUserOf('orgAdmin') });
    await screen.findByText(MESSAGES.permissionDenied, undefined, WAIT);
    await waitFor(() => expect(location().textContent).toBe('/'));
  });

  it('opens the activity page for admin:read holders (an Org Admin too), not for an org user', async () => {
    renderConsole('/admin/activity', { user: sessionUserOf('orgAdmin') });
    await titled('Meridian | Activity');
    expect(location().textContent).toBe('/admin/activity');
    await heading('Activity');
    cleanup();
    renderConsole('/admin/activity', { user: sessionUserOf('orgUser') });
    await screen.findByText(MESSAGES.permissionDenied, undefined, WAIT);
    await waitFor(() => expect(location().textContent).toBe('/'));
  });

  it('lets an org user reach their own profile pages only', async () => {
    const user = sessionUserOf('orgUser', { email: 'user@acme.test' });
    renderConsole('/admin/org-management/acme/users/user%40acme.test/profile/credentials', { user });
    await titled(/^Meridian \| User Profile/);
    cleanup();
    renderConsole('/admin/org-management/acme/users/orgadmin%40acme.test/profile/general', { user });
    await screen.findByText(MESSAGES.permissionDenied, undefined, WAIT);
  });

  it('3. sends an expiring password to the expiring-password page, remembering where the user was going', async () => {
    const user = sessionUserOf('systemAdmin', { isPasswordExpiring: true, daysLeftForPasswordExpiry: 3 });
    renderConsole('/admin/org-management', { user });
    await waitFor(() => expect(location().textContent).toBe('/expiring-password'), WAIT);
    const state = JSON.parse(location().getAttribute('data-state') ?? 'null') as { from: { pathname: string } };
    expect(state.from.pathname).toBe('/admin/org-management');
  });

  it('3. lets the user on after "remind me later" today, unless less than a day is left', async () => {
    dismissPasswordReminderToday('systemadmin@acme.test');
    renderConsole('/admin/org-management', {
      user: sessionUserOf('systemAdmin', { isPasswordExpiring: true, daysLeftForPasswordExpiry: 3 }),
    });
    await titled('Meridian | Organizations');
    cleanup();
    renderConsole('/admin/org-management', {
      user: sessionUserOf('systemAdmin', { isPasswordExpiring: true, daysLeftForPasswordExpiry: 0 }),
    });
    await waitFor(() => expect(location().textContent).toBe('/expiring-password'), WAIT);
  });
});

describe('shell', () => {
  it('shows the credential banner above the page', async () => {
    const user = sessionUserOf('orgUser', {
      dataAccessInfo: [{ id: 'c1', active: true, generatedAt: '2026-08-25T00:00:00Z', daysToExpire: 2 }],
    });
    renderConsole('/config/acme/managed-providers/aliases', { user });
    await titled('Meridian | Managed Providers');
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes('Your Data Access Credential will expire in 2 days.'))).toBe(true);
  });
});
