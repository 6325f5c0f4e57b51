import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { MESSAGES } from '@meridian/schema';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSessionUser } from '../session/useSessionUser.js';
import { useAuthSession } from './auth-session.js';
import { LoadingScreen } from '../components/LoadingScreen.js';
import { useLoadingDelay } from './useLoadingDelay.js';

export interface RequireSignInProps {
  children: ReactNode;
}

/**
 * The auth gate of the protected routes (spec section 4): not signed in and no sign-in under way, it
 * signs in (signIn() tells the other tabs to sign out first); the loading screen shows until the
 * session user has loaded, plus 500 ms; a viewer that cannot be fetched (and is not cached) offers a
 * retry rather than reading as a missing user. Then the children render, with useSessionUser()
 * holding the user, or `error: 'missing'` for the route guards. (A forced sign-out's message is shown
 * by AuthProvider before any gate renders.)
 */
export function RequireSignIn({ children }: RequireSignInProps) {
  const session = useAuthSession();
  const { user, loading, error, retry } = useSessionUser();
  const redirecting = useRef(false);
  const mustSignIn = session.status === 'signed-out' && !session.signInUnderWay;

  useEffect(() => {
    if (!mustSignIn || redirecting.current) return;
    redirecting.current = true;
    session.signIn();
  }, [mustSignIn, session]);

  const waiting = session.status !== 'signed-in' || (loading && !user && !error);
  const showLoading = useLoadingDelay(waiting);

  if (showLoading) return <LoadingScreen />;
  if (error === 'unavailable') {
    return (
      <main style={{ height: '100vh', display: 'flex' }}>
        <NonIdealState
          title={MESSAGES.defaultErrorPage}
          description="The console could not load your account. Check your connection and try again."
          action={<Button intent={Intent.PRIMARY} text="Try again" onClick={retry} />}
        />
      </main>
    );
  }
  return <>{children}</>;
}
