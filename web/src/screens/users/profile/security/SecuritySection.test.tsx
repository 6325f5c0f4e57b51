import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubHandler } from '../../../../apollo/test-support.js';
import { renderWithGateway, sessionUserOf, WAIT } from '../../../../routes/test-support.js';
import { userRecord } from '../../test-support.js';

const securityPath = (email: string) =>
  `/admin/org-management/acme/users/${encodeURIComponent(email)}/profile/security`;

const orgAdmin = sessionUserOf('orgAdmin');
const orgUser = sessionUserOf('orgUser');
const systemViewer = sessionUserOf('systemViewer', { email: 'viewer@meridian.test', organizationId: 'meridian' });

// Headless Chromium's own User-Agent: the platform's parser reads it as Chrome (issue 39: a pattern of
// the console's had said "Safari on Linux"); the console words what the platform read.
const HEADLESS_CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const DEVICES: Record<string, { browser: string; operatingSystem: string }> = {
  [HEADLESS_CHROME_LINUX]: { browser: 'Chrome', operatingSystem: 'Linux' },
  [SAFARI_IPHONE]: { browser: 'Safari', operatingSystem: 'iOS' },
};

const session = (
  id: string,
  userAgent: string,
  ipAddress: string,
  current = false,
  signedIn: { methods: string[]; identityProvider: string | null } = {
    methods: ['pwd', 'otp', 'mfa'],
    identityProvider: null,
  },
) => ({
  __typename: 'SignInSession',
  id,
  startedAt: '2026-11-20T09:00:00Z',
  lastUsedAt: '2026-11-27T08:00:00Z',
  userAgent,
  ...DEVICES[userAgent]!,
  ipAddress,
  ...signedIn,
  current,
});

const factors = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'SecondFactors',
  enrolled: true,
  kinds: ['TOTP', 'PASSKEY'],
  passkeyCount: 2,
  recoveryCodesLeft: 7,
  ...overrides,
});

/** The stub gateway's answers for `email`'s profile, its factors and sessions (mutations change them). */
function handlers(email: string, name: string, overrides: Record<string, StubHandler> = {}) {
  const state = {
    mfa: factors(),
    sessions: [
      session('sid-here', HEADLESS_CHROME_LINUX, '203.0.113.7', email === orgUser.email),
      session('sid-phone', SAFARI_IPHONE, '198.51.100.23', false, {
        methods: ['fed'],
        identityProvider: 'login.acme-idp.test',
      }),
    ],
  };
  const result: Record<string, StubHandler> = {
    OrganizationUsersHeader: () => ({ organization: { __typename: 'Organization', id: 'acme', name: 'Acme Health' } }),
    UserProfile: () => ({ user: userRecord({ email, name }) }),
    UserSecondFactors: () => ({ user: { __typename: 'User', email, mfa: state.mfa } }),
    UserSignInSessions: () => ({ user: { __typename: 'User', email, sessions: state.sessions } }),
    ResetUserMfa: () => {
      state.mfa = factors({ enrolled: false, kinds: [], passkeyCount: 0, recoveryCodesLeft: 0 });
      state.sessions = [];
      return {
        resetUserMfa: {
          __typename: 'UserPayload',
          user: { __typename: 'User', email, mfa: state.mfa },
          inputErrors: [],
        },
      };
    },
    RevokeSession: ({ id }) => {
      state.sessions = state.sessions.filter((each) => each.id !== id);
      return { revokeSession: { __typename: 'RevokeSessionsPayload', revoked: 1, inputErrors: [] } };
    },
    RevokeUserSessions: ({ exceptCurrent }) => {
      const before = state.sessions.length;
      state.sessions = state.sessions.filter((each) => exceptCurrent === true && each.current);
      return {
        revokeUserSessions: {
          __typename: 'RevokeSessionsPayload',
          revoked: before - state.sessions.length,
          inputErrors: [],
        },
      };
    },
    ...overrides,
  };
  return result;
}

const rows = () => screen.getAllByTestId('session-row');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('sign-in security on a profile', { timeout: 20_000 }, () => {
  it('shows a person their own factors, never a secret, with the link to manage them at the sign-in service', async () => {
    const { gateway } = renderWithGateway(securityPath(orgUser.email), orgUser, handlers(orgUser.email, 'Ursula User'));
    const section = await screen.findByRole('region', { name: 'Sign-in security' }, WAIT);
    expect(screen.getByRole('tab', { name: 'Sign-in security' }).getAttribute('aria-selected')).toBe('true');
    await within(section).findByText('Authenticator app and 2 passkeys', undefined, WAIT);
    expect(section.textContent).toContain('Set up');
    expect(section.textContent).toContain('7 of 10');
    const manage = within(section).getByRole('link', { name: 'Manage second factors' });
    const href = new URL(manage.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('http://localhost:4011/account/security');
    expect(href.searchParams.get('return')).toBe(window.location.href);
    // One's own factors are managed at the provider, never reset from here.
    expect(within(section).queryByRole('button', { name: 'Reset second factors' })).toBeNull();
    expect(gateway.sent.find((r) => r.operationName === 'UserSecondFactors')?.variables).toEqual({
      email: orgUser.email,
    });
  });

  it('lists one’s sessions with the browser in words and this browser marked, and signs out the others', async () => {
    const { gateway, toasts, signOut } = renderWithGateway(
      securityPath(orgUser.email),
      orgUser,
      handlers(orgUser.email, 'Ursula User'),
    );
    const sessions = await screen.findByRole('region', { name: 'Sessions' }, WAIT);
    await waitFor(() => expect(rows()).toHaveLength(2), WAIT);
    const [here, phone] = rows();
    expect(within(here!).getByRole('rowheader').textContent).toBe('Chrome on LinuxThis browser');
    expect(here!.textContent).toContain('203.0.113.7');
    expect(here!.textContent).toContain('Password and authenticator app');
    expect(within(phone!).getByRole('rowheader').textContent).toBe('Safari on iOS');
    // A single sign-on session names its identity provider as its method (issue 39).
    expect(phone!.textContent).toContain('Single sign-on (login.acme-idp.test)');
    // The Browser cell is a cell of the row, the whole User-Agent on hover.
    const browserCell = within(here!).getByRole('rowheader');
    expect(browserCell.tagName).toBe('TH');
    expect(browserCell.parentElement).toBe(here);
    expect(within(browserCell).getByText('Chrome on Linux').getAttribute('title')).toBe(HEADLESS_CHROME_LINUX);
    // A person never signs themselves out everywhere from here, only their other sessions.
    expect(within(sessions).queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();

    await userEvent.click(within(sessions).getByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(within(dialog).getByRole('heading', { name: 'Sign out your other sessions?' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(
      () =>
        expect(toasts.list().map((toast) => toast.message)).toContain(
          '1 session was signed out; this browser stays signed in.',
        ),
      WAIT,
    );
    expect(gateway.sent.find((r) => r.operationName === 'RevokeUserSessions')?.variables).toEqual({
      email: orgUser.email,
      exceptCurrent: true,
    });
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    expect(within(sessions).getByRole<HTMLButtonElement>('button', { name: 'Sign out other sessions' }).disabled).toBe(
      true,
    );
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs the console out when this browser’s own session is ended', async () => {
    const { gateway, signOut } = renderWithGateway(
      securityPath(orgUser.email),
      orgUser,
      handlers(orgUser.email, 'Ursula User'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out this browser' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(dialog.textContent).toContain('This session ends and the console signs you out here.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1), WAIT);
    expect(gateway.sent.find((r) => r.operationName === 'RevokeSession')?.variables).toEqual({ id: 'sid-here' });
  });

  it('lets an Org Admin reset a user’s second factors after saying what follows', async () => {
    const { gateway, toasts } = renderWithGateway(
      securityPath('pat@acme.test'),
      orgAdmin,
      handlers('pat@acme.test', 'Pat Doe'),
    );
    const section = await screen.findByRole('region', { name: 'Sign-in security' }, WAIT);
    await within(section).findByText('Authenticator app and 2 passkeys', undefined, WAIT);
    // Someone else's factors are never managed at the provider from here.
    expect(within(section).queryByRole('link', { name: 'Manage second factors' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Reset second factors' }));
    const dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(within(dialog).getByRole('heading', { name: 'Reset Pat Doe’s second factors?' })).toBeTruthy();
    expect(dialog.textContent).toContain(
      'Their authenticator app, passkeys and recovery codes are removed, and Pat Doe (pat@acme.test) is signed out everywhere at once. They set up a second factor again at their next sign-in.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factors' }));
    await waitFor(
      () =>
        expect(toasts.list().map((toast) => toast.message)).toContain(
          'Pat Doe’s second factors were reset and they were signed out everywhere.',
        ),
      WAIT,
    );
    expect(gateway.sent.find((r) => r.operationName === 'ResetUserMfa')?.variables).toEqual({ email: 'pat@acme.test' });
    // The answer's factors show at once; the ended sessions are read again.
    expect(await within(section).findByText('Not set up', undefined, WAIT)).toBeTruthy();
    expect(within(section).getByRole<HTMLButtonElement>('button', { name: 'Reset second factors' }).disabled).toBe(
      true,
    );
    expect(section.textContent).toContain('Pat Doe has no second factor to reset.');
    expect(await screen.findByText('No active sessions', undefined, WAIT)).toBeTruthy();
    expect(gateway.count('UserSignInSessions')).toBe(2);
  });

  it('lets an Org Admin sign a user out everywhere, or out of one session', async () => {
    const { gateway, toasts } = renderWithGateway(
      securityPath('pat@acme.test'),
      orgAdmin,
      handlers('pat@acme.test', 'Pat Doe'),
    );
    const sessions = await screen.findByRole('region', { name: 'Sessions' }, WAIT);
    await waitFor(() => expect(rows()).toHaveLength(2), WAIT);
    // Nobody's "this browser" but the reader's own.
    expect(within(sessions).queryByText('This browser')).toBeNull();
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    let dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(within(dialog).getByRole('heading', { name: 'Sign out Safari on iOS?' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    expect(toasts.list().map((toast) => toast.message)).toContain('Safari on iOS was signed out.');
    expect(gateway.sent.find((r) => r.operationName === 'RevokeSession')?.variables).toEqual({ id: 'sid-phone' });

    await userEvent.click(within(sessions).getByRole('button', { name: 'Sign out everywhere' }));
    dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(within(dialog).getByRole('heading', { name: 'Sign Pat Doe out everywhere?' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('No active sessions', undefined, WAIT)).toBeTruthy();
    expect(toasts.list().map((toast) => toast.message)).toContain(
      '1 session was signed out: Pat Doe is signed out everywhere.',
    );
    expect(gateway.sent.find((r) => r.operationName === 'RevokeUserSessions')?.variables).toEqual({
      email: 'pat@acme.test',
      exceptCurrent: false,
    });
  });

  it('says in words why a session was not ended, and keeps it listed', async () => {
    const { toasts } = renderWithGateway(
      securityPath('pat@acme.test'),
      orgAdmin,
      handlers('pat@acme.test', 'Pat Doe', {
        RevokeSession: () => ({
          revokeSession: {
            __typename: 'RevokeSessionsPayload',
            revoked: 0,
            inputErrors: [
              { __typename: 'InputError', field: 'id', message: 'There is no such session, or it has ended.' },
            ],
          },
        }),
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2), WAIT);
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: /^Sign out Chrome on Linux/ }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', undefined, WAIT)).getByRole('button', { name: 'Sign out' }),
    );
    await waitFor(
      () => expect(toasts.list().map((toast) => toast.message)).toContain('There is no such session, or it has ended.'),
      WAIT,
    );
    expect(rows()).toHaveLength(2);
  });

  it('shows a System Viewer the factors and sessions without any way to change them', async () => {
    renderWithGateway(securityPath('pat@acme.test'), systemViewer, handlers('pat@acme.test', 'Pat Doe'));
    await screen.findByText('Authenticator app and 2 passkeys', undefined, WAIT);
    await waitFor(() => expect(rows()).toHaveLength(2), WAIT);
    expect(screen.queryByRole('button', { name: 'Reset second factors' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sign out/ })).toBeNull();
  });

  it('says why the sessions could not be loaded, and tries again', async () => {
    let fail = true;
    const base = handlers('pat@acme.test', 'Pat Doe');
    renderWithGateway(securityPath('pat@acme.test'), orgAdmin, {
      ...base,
      UserSignInSessions: (variables) =>
        fail
          ? {
              body: {
                data: { user: null },
                errors: [{ message: 'The sign-in service could not be reached.', path: ['user', 'sessions'] }],
              },
            }
          : base.UserSignInSessions!(variables),
    });
    const alert = await screen.findByText('The sessions could not be loaded', undefined, WAIT);
    const callout = alert.closest('.bp6-callout') as HTMLElement;
    expect(callout.textContent).toContain('The sign-in service could not be reached.');
    fail = false;
    await userEvent.click(within(callout).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2), WAIT);
  });
});
