import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** The signed-in state as the rest of the console sees it (tokens stay here, not in the cache). */
export interface AuthSession {
  status: AuthStatus;
  accessToken: string | null;
  /** When the access token expires, epoch milliseconds. */
  expiresAt: number | null;
  /** The signed-in user's email, lowercase. */
  email: string | null;
  /** A redirect to the provider (or back from it) is under way. */
  signInUnderWay: boolean;
  /** Why this tab was signed out, when it was forced (shown until the user signs in again). */
  signOutReason: string | null;
  /** A sign-in that failed at the provider (its message), shown instead of starting over in a loop. */
  signInError: string | null;
  /** Goes to the provider's sign-in, coming back to the current page (or `options.returnTo`). */
  signIn: (options?: SignInOptions) => void;
  /**
   * Signs out here, in every tab and at the provider: revokes the refresh token, purges the cache,
   * ends the provider's session. With a reason (idle), the reason is shown afterwards.
   */
  signOut: (reason?: string) => Promise<void>;
}

/** How a sign-in starts when the page knows more than the provider would. */
export interface SignInOptions {
  /** The email to fill in at the provider's first step (OIDC login_hint): the account a link just set a password for. */
  loginHint?: string;
  /** Where to come back to instead of the current page. */
  returnTo?: string;
}

export const AuthSessionContext = createContext<AuthSession | null>(null);

export function useAuthSession(): AuthSession {
  const session = useContext(AuthSessionContext);
  if (!session) throw new Error('useAuthSession() needs <AuthProvider> (see App.tsx).');
  return session;
}

/** The idle warning (spec: a minute before the idle sign-out). */
export interface IdleWarning {
  /** Seconds until the idle sign-out while the warning is due; null otherwise. */
  secondsLeft: number | null;
  /** Counts as activity: the warning goes away in every tab. */
  stayActive: () => void;
}

export const IdleWarningContext = createContext<IdleWarning>({ secondsLeft: null, stayActive: () => undefined });

export function useIdleWarning(): IdleWarning {
  return useContext(IdleWarningContext);
}
