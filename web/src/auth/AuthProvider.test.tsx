import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthFailureChannel } from './auth-failures.js';
import { useAuthSession } from './auth-session.js';
import { AuthProvider } from './AuthProvider.js';
import { AUTH_CHANNEL_NAME, type AuthMessage, type LogoutMessage } from './broadcast.js';
import { peekSignOutReason } from './sign-out-reason.js';
import { providerFetchStub, refreshed, storeUser, TEST_CONFIG, ORIGIN } from './test-support.js';
import { createUserManager, type CoordinatedUserManager } from './user-manager.js';

function Probe() {
  const session = useAuthSession();
  return (
    <div>
      <output aria-label="status">{`${session.status} ${session.email ?? ''}`.trim()}</output>
      <button type="button" onClick={() => void session.signOut()}>
        Logout
      </button>
    </div>
  );
}

async function renderSignedIn(
  userManager: CoordinatedUserManager,
  authFailures = new AuthFailureChannel(),
  idleWhileAway = false,
) {
  const purged: string[] = [];
  await storeUser(userManager, { email: 'user@acme.test' });
  render(
    <AuthProvider
      config={TEST_CONFIG}
      userManager={userManager}
      purgeUserData={async () => {
        purged.push('purged');
      }}
      authFailures={authFailures}
      idleWhileAway={idleWhileAway}
    >
      <Probe />
    </AuthProvider>,
  );
  return { purged };
}

const status = () => screen.getByLabelText('status').textContent;
/** Signing out purges storage and tells the other tabs first: on a loaded CI machine that outlasts 1 s. */
const SIGNED_OUT_WAIT = { timeout: 5_000 };

function listen() {
  const received: AuthMessage[] = [];
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<AuthMessage>) => received.push(event.data);
  return { received, close: () => channel.close() };
}

describe('the auth provider across tabs', () => {
  let userManager: CoordinatedUserManager;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.stubGlobal('fetch', providerFetchStub(() => refreshed('user@acme.test')).fetch);
    userManager = createUserManager(TEST_CONFIG, ORIGIN);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('removes the local user when another tab logs out', async () => {
    const { purged } = await renderSignedIn(userManager);
    await waitFor(() => expect(status()).toBe('signed-in user@acme.test'));

    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.postMessage({ type: 'logout' } satisfies LogoutMessage);
    otherTab.close();

    await waitFor(() => expect(status()).toBe('signed-out'));
    expect(localStorage.getItem(userManager.userStorageKey)).toBeNull();
    await waitFor(() => expect(purged).toEqual(['purged']));
  });

  it("shows the other tab's reason when it was forced out", async () => {
    await renderSignedIn(userManager);
    await waitFor(() => expect(status()).toBe('signed-in user@acme.test'));

    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.postMessage({ type: 'logout', reason: MESSAGES.inactiveUser } satisfies LogoutMessage);
    otherTab.close();

    expect(await screen.findByRole('heading', { name: 'You have been signed out' }, SIGNED_OUT_WAIT)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.inactiveUser);
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
  });

  it('tells the other tabs when this one signs out, purging first, and never signs in meanwhile', async () => {
    const redirect = vi.spyOn(userManager, 'signoutRedirect').mockResolvedValue(undefined);
    const otherTab = listen();
    const { purged } = await renderSignedIn(userManager);
    await waitFor(() => expect(status()).toBe('signed-in user@acme.test'));

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(purged).toEqual(['purged']);
    await waitFor(() => expect(otherTab.received).toEqual([{ type: 'signing-out' }]));
    // 'loading' until the page leaves: a gate must not start a sign-in racing the sign-out.
    expect(status()).toBe('loading');
    otherTab.close();
  });

  it('drops the user when another tab goes to sign out, and goes to the provider only after its logout', async () => {
    const { purged } = await renderSignedIn(userManager);
    await waitFor(() => expect(status()).toBe('signed-in user@acme.test'));
    // The signed-in render's effects (the tab knowing it holds a user) run before the message comes.
    await act(async () => undefined);

    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.postMessage({ type: 'signing-out' } satisfies AuthMessage);
    // Nothing of the user stays, but this tab does not race the other to the provider (whose session
    // would still sign it straight back in): it waits.
    await waitFor(() => expect(purged).toEqual(['purged']));
    expect(localStorage.getItem(userManager.userStorageKey)).toBeNull();
    expect(status()).toBe('loading');

    // The other tab landed back from the provider, signed out there: now this one may go.
    otherTab.postMessage({ type: 'logout' } satisfies AuthMessage);
    otherTab.close();
    await waitFor(() => expect(status()).toBe('signed-out'));
  });

  it('keeps the first reason of a sign-out, whatever later messages say', async () => {
    const authFailures = new AuthFailureChannel();
    await renderSignedIn(userManager, authFailures);
    await waitFor(() => expect(status()).toBe('signed-in user@acme.test'));

    act(() => authFailures.report('inactive'));
    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.postMessage({
      type: 'logout',
      reason: 'Your session has expired. Please sign in again.',
    } satisfies LogoutMessage);
    otherTab.close();

    expect(await screen.findByRole('heading', { name: 'You have been signed out' }, SIGNED_OUT_WAIT)).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.inactiveUser);
    expect(peekSignOutReason()).toBe(MESSAGES.inactiveUser);
  });

  it('ends the session with the reason when the gateway refuses the user as inactive', async () => {
    const authFailures = new AuthFailureChannel();
    const otherTab = listen();
    const { purged } = await renderSignedIn(userManager, authFailures);
    await waitFor(() => expect(status()).toBe('signed-in user@acme.test'));

    act(() => authFailures.report('inactive'));

    expect(await screen.findByRole('heading', { name: 'You have been signed out' }, SIGNED_OUT_WAIT)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.inactiveUser);
    await waitFor(() => expect(purged).toEqual(['purged']));
    expect(localStorage.getItem(userManager.userStorageKey)).toBeNull();
    await waitFor(() => expect(otherTab.received).toEqual([{ type: 'logout', reason: MESSAGES.inactiveUser }]));
    otherTab.close();
  });

  it('signs out at once, purging as on sign-out, when the idle timeout passed with no tab open', async () => {
    const redirect = vi.spyOn(userManager, 'signoutRedirect').mockResolvedValue(undefined);
    const otherTab = listen();
    const { purged } = await renderSignedIn(userManager, new AuthFailureChannel(), true);
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(purged).toEqual(['purged']);
    // Never signed in on the way: nothing of the session is shown or fetched.
    expect(status()).toBe('loading');
    expect(peekSignOutReason()).toBe('You were signed out after 30 minutes without activity.');
    await waitFor(() =>
      expect(otherTab.received).toEqual([
        { type: 'logout', reason: 'You were signed out after 30 minutes without activity.' },
      ]),
    );
    otherTab.close();
  });

  it('warns a minute before the idle sign-out, and signs out after 30 minutes without activity', async () => {
    // The dialog's module loads with the first warning; loaded here first, it arrives within fake time.
    await import('./IdleWarningDialog.js');
    vi.useFakeTimers();
    const redirect = vi.spyOn(userManager, 'signoutRedirect').mockResolvedValue(undefined);
    await renderSignedIn(userManager);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(status()).toBe('signed-in user@acme.test');

    await act(() => vi.advanceTimersByTimeAsync(29 * 60_000 - 1_000));
    expect(screen.queryByText('Are you still there?')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Are you still there?')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('You will be signed out in 60 seconds');

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(redirect).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000));
    expect(redirect).toHaveBeenCalledTimes(1);
    // On its way to the provider (nothing shown but the wait); the reason awaits the way back.
    expect(status()).toBe('loading');
    expect(peekSignOutReason()).toBe('You were signed out after 30 minutes without activity.');
  });
});
