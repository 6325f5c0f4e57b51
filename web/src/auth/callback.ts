import type { User, UserManager } from 'oidc-client-ts';
import { recordSignInTime } from './sign-in-time.js';
import { CALLBACK_PATH, SILENT_RENEW_PATH } from './user-manager.js';

/** oidc-client-ts's words when the callback's state is not in this browser's storage (spec section 8). */
export const NO_MATCHING_STATE = 'No matching state found in storage';

/** What sign-in remembers across the provider round trip. */
export interface SignInState {
  /** Where the user was going (path, query and hash of this origin). */
  returnTo: string;
}

/** A path of this console to come back to: same origin, not an auth path, never `//host`. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (value.startsWith(CALLBACK_PATH) || value.startsWith(SILENT_RENEW_PATH)) return '/';
  return value;
}

export const isNoMatchingState = (error: unknown): boolean =>
  error instanceof Error && error.message.includes(NO_MATCHING_STATE);

export type CallbackOutcome =
  | { kind: 'none' }
  /** Signed in; the URL is now the page the user was going to. */
  | { kind: 'signed-in'; user: User }
  /** The state was not found (an old or replayed callback URL): URL cleaned to '/', start over. */
  | { kind: 'start-over' }
  /** The provider answered an error: URL cleaned to '/', the message is shown. */
  | { kind: 'failed'; message: string }
  /** This page is the silent-renew iframe: it has answered its parent and renders nothing. */
  | { kind: 'silent-renew' };

/**
 * Completes a sign-in returning to /auth/callback before anything renders, so the app starts on the
 * page the user was going to, with the user loaded (and their cache restored) from the first render.
 */
export async function completeSignInCallback(
  userManager: Pick<UserManager, 'signinCallback'>,
  location: Pick<Location, 'pathname' | 'href'> = window.location,
  history: Pick<History, 'replaceState'> = window.history,
): Promise<CallbackOutcome> {
  if (location.pathname === SILENT_RENEW_PATH) {
    await userManager.signinCallback(location.href).catch(() => undefined);
    return { kind: 'silent-renew' };
  }
  if (location.pathname !== CALLBACK_PATH) return { kind: 'none' };
  try {
    const user = await userManager.signinCallback(location.href);
    if (!user) {
      history.replaceState(null, '', '/');
      return { kind: 'start-over' };
    }
    recordSignInTime();
    history.replaceState(null, '', safeReturnPath((user.state as Partial<SignInState> | undefined)?.returnTo));
    return { kind: 'signed-in', user };
  } catch (error) {
    history.replaceState(null, '', '/');
    if (isNoMatchingState(error)) return { kind: 'start-over' };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
