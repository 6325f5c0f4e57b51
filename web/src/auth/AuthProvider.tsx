import { AuthProvider as OidcProvider, useAuth } from 'react-oidc-context';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { idleTimeoutMs, type RuntimeConfig } from '../config/runtime.js';
import type { AuthFailureChannel } from './auth-failures.js';
import { AuthSessionContext, type AuthSession, type AuthStatus, type SignInOptions } from './auth-session.js';
import { broadcastLogout, broadcastSigningOut } from './broadcast.js';
import type { SignInState } from './callback.js';
import { SESSION_ENDED_MESSAGES } from './session-ended.js';
import { refreshTokens } from './session-probes.js';
import { claimIdleSignOut } from './sign-out-claim.js';
import { SignedInServices } from './SignedInServices.js';
import { SignedOutScreen } from './SignedOutScreen.js';
import { clearSignInTime } from './sign-in-time.js';
import { consumeSignOutReason, peekSignOutReason, rememberSignOutReason } from './sign-out-reason.js';
import { useCrossTabSignOut } from './useCrossTabSignOut.js';
import type { CoordinatedUserManager } from './user-manager.js';

export interface AuthProviderProps {
  config: RuntimeConfig;
  userManager: CoordinatedUserManager;
  /** Removes the user's data from memory and storage (the Apollo cache) on every sign-out. */
  purgeUserData: () => Promise<void>;
  /** Where the Apollo client reports auth failures. */
  authFailures: AuthFailureChannel;
  /** A failed sign-in callback (from main.tsx), shown rather than retried. */
  signInError?: string | null;
  /**
   * The idle timeout passed while no tab of the console was open (main.tsx, auth/idle.ts): the session
   * is signed out at once, as the idle sign-out of an open tab does it (data purged, the provider's
   * session ended, the reason shown).
   */
  idleWhileAway?: boolean;
  children: ReactNode;
}

/**
 * Sign-in for the whole console (spec sections 1 and 4): oidc-client-ts through react-oidc-context,
 * the session every other part reads with useAuthSession(), sign-out in every tab, and, while signed
 * in, the session watch and the idle sign-out. The callback itself is completed in main.tsx.
 */
export function AuthProvider({ userManager, children, ...rest }: AuthProviderProps) {
  return (
    <OidcProvider userManager={userManager} skipSigninCallback>
      <AuthSessionProvider userManager={userManager} {...rest}>
        {children}
      </AuthSessionProvider>
    </OidcProvider>
  );
}

/** How long a tab waits for another tab's sign-out at the provider before going there itself. */
export const OTHER_TAB_SIGN_OUT_WAIT_MS = 10_000;

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

function AuthSessionProvider({
  config,
  userManager,
  purgeUserData,
  authFailures,
  signInError = null,
  idleWhileAway = false,
  children,
}: AuthProviderProps) {
  const auth = useAuth();
  const [signOutReason, setSignOutReason] = useState<string | null>(peekSignOutReason);
  const [ending, setEnding] = useState(false);
  const endingRef = useRef(false);

  const endingReason = useRef<string | null>(null);

  /**
   * Marks this tab as signing out (protected content goes at once) and keeps the reason, if any;
   * false when a sign-out was already under way. The first reason given stays: what the sign-out sets
   * off (a revoked token failing a check still under way) must not replace why it happened.
   */
  const beginEnding = useCallback((reason: string | null | undefined): boolean => {
    if (reason && !endingReason.current) {
      endingReason.current = reason;
      rememberSignOutReason(reason);
      setSignOutReason(reason);
    }
    if (endingRef.current) return false;
    endingRef.current = true;
    setEnding(true);
    return true;
  }, []);

  /**
   * Ends the session without the provider (it already ended there, or the user cannot sign in):
   * found here, this tab revokes the refresh token and tells the others; told by another tab (which
   * does both itself), it only lets go of the shared user and purges.
   */
  const endLocally = useCallback(
    async (reason: string | null, foundBy: 'this-tab' | 'other-tab') => {
      if (!beginEnding(reason)) return;
      if (foundBy === 'this-tab') {
        broadcastLogout(reason ?? undefined);
        await userManager.revokeTokens(['refresh_token']).catch(() => undefined);
        clearSignInTime();
      }
      await userManager.removeUser();
      await purgeUserData();
    },
    [beginEnding, userManager, purgeUserData],
  );
  const endHere = useCallback((reason: string) => endLocally(reason, 'this-tab'), [endLocally]);

  // On its way to the provider's end-session page: 'loading', never 'signed-out', or the gate would
  // start a sign-in that races the sign-out (and, finding the provider's session, win it).
  const [leavingForProvider, setLeavingForProvider] = useState(false);
  const signOut = useCallback(
    async (reason?: string) => {
      if (!beginEnding(reason)) return;
      setLeavingForProvider(true);
      // Read before the other tabs are told: they remove the shared stored user, whose tokens the
      // provider's sign-out needs.
      const user = await userManager.getUser();
      // With a reason the other tabs show it (and wait for a click); without one they wait for this
      // tab's logout from its post-logout page before going to the provider (see SigningOutMessage).
      if (reason) broadcastLogout(reason);
      else broadcastSigningOut();
      await purgeUserData();
      clearSignInTime();
      try {
        // Revokes the refresh token, removes the user, then ends the provider's session.
        await userManager.signoutRedirectAs(user);
      } catch (error) {
        console.warn('Signing out at the provider failed; signed out here only.', error);
        await userManager.removeUser();
        setLeavingForProvider(false);
      }
    },
    [beginEnding, userManager, purgeUserData],
  );

  // Left idle with no tab open: the idle sign-out now, before anything of the session is shown. One
  // tab goes to the provider (as when open tabs go idle together); the others end on its broadcast.
  const [signingOutIdle] = useState(idleWhileAway);
  useEffect(() => {
    if (!signingOutIdle) return;
    const reason = SESSION_ENDED_MESSAGES.idle(Math.round(idleTimeoutMs(config) / 60_000));
    void claimIdleSignOut().then((claimed) => {
      if (claimed) void signOut(reason);
    });
    // Once, at start: signOut ignores a second call anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // react-oidc-context's navigator functions are bound and stable (memoized per user manager).
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { signinRedirect } = auth;
  const signIn = useCallback(
    (options: SignInOptions = {}) => {
      // Signing in again: the reason of the last sign-out has been read.
      consumeSignOutReason();
      const state: SignInState = { returnTo: options.returnTo ?? currentPath() };
      void (async () => {
        // Spec section 4: not signed in, no sign-in under way: the other tabs sign out too. Only when no
        // tab holds a user (they share it): a tab left on its signed-out screen must not sign out a
        // session started since in another tab.
        if (!(await userManager.getUser())) broadcastLogout();
        // The provider's first step fills the email in from login_hint (oidc/interactions.ts).
        await signinRedirect({ state, ...(options.loginHint ? { login_hint: options.loginHint } : {}) });
      })();
    },
    [signinRedirect, userManager],
  );

  // Another tab on its way to the provider's sign-out: drop the user and data now, go to the
  // provider only once that tab has landed back signed out (or after a while, should it never).
  const [awaitingOtherTab, setAwaitingOtherTab] = useState(false);
  const hasUser = useRef(false);
  useEffect(() => {
    hasUser.current = Boolean(auth.user);
  }, [auth.user]);
  const crossTab = useMemo(
    () => ({
      onLoggedOut: (reason: string | null) => {
        setAwaitingOtherTab(false);
        void endLocally(reason, 'other-tab');
      },
      onSigningOut: () => {
        // A tab without a user (a public page) has nothing to drop and nothing to wait for.
        if (endingRef.current || !hasUser.current) return;
        setAwaitingOtherTab(true);
        void endLocally(null, 'other-tab');
      },
    }),
    [endLocally],
  );
  useCrossTabSignOut(userManager, crossTab);
  useEffect(() => {
    if (!awaitingOtherTab) return;
    const timer = setTimeout(() => setAwaitingOtherTab(false), OTHER_TAB_SIGN_OUT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaitingOtherTab]);

  const user = auth.user ?? null;
  const [renewalFailed, setRenewalFailed] = useState(false);
  // A stored user whose access token expired meanwhile (a sleeping laptop) is renewed before anything
  // decides they are signed out; oidc-client-ts only schedules renewals for tokens not yet expired.
  const needsRenewal =
    !ending && !signingOutIdle && !auth.isLoading && !!user?.expired && !!user.refresh_token && !renewalFailed;
  useEffect(() => {
    if (!needsRenewal) return;
    let cancelled = false;
    void refreshTokens(userManager).then((outcome) => {
      if (cancelled) return;
      if (outcome === 'refused') void endHere(SESSION_ENDED_MESSAGES.expired);
      else if (outcome === 'unavailable') setRenewalFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [needsRenewal, userManager, endHere]);

  const status: AuthStatus = ending
    ? awaitingOtherTab || leavingForProvider
      ? 'loading'
      : 'signed-out'
    : auth.isLoading || needsRenewal || signingOutIdle
      ? 'loading'
      : user && !user.expired
        ? 'signed-in'
        : 'signed-out';

  const session = useMemo<AuthSession>(
    () => ({
      status,
      accessToken: status === 'signed-in' ? (user?.access_token ?? null) : null,
      expiresAt: status === 'signed-in' && user?.expires_at ? user.expires_at * 1000 : null,
      email: status === 'signed-in' ? (user?.profile.email ?? user?.profile.sub ?? '').toLowerCase() || null : null,
      signInUnderWay: Boolean(auth.activeNavigator),
      signOutReason,
      signInError,
      signIn,
      signOut,
    }),
    [status, user, auth.activeNavigator, signOutReason, signInError, signIn, signOut],
  );

  // A forced sign-out, or a sign-in the provider refused, is explained before anything else renders
  // (a gate would otherwise go straight back to the provider, replacing the message).
  const explanation =
    status === 'signed-out' && signOutReason
      ? { title: 'You have been signed out', message: signOutReason }
      : status === 'signed-out' && signInError
        ? { title: 'Sign-in did not complete', message: signInError }
        : null;
  if (explanation) {
    return (
      <AuthSessionContext.Provider value={session}>
        <SignedOutScreen title={explanation.title} message={explanation.message} onSignIn={signIn} />
      </AuthSessionContext.Provider>
    );
  }

  return (
    <AuthSessionContext.Provider value={session}>
      <SignedInServices
        active={status === 'signed-in'}
        config={config}
        userManager={userManager}
        authFailures={authFailures}
        endHere={endHere}
        signOut={signOut}
      >
        {children}
      </SignedInServices>
    </AuthSessionContext.Provider>
  );
}
