import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useToasts } from '../components/toasts/useToasts.js';
import { useSessionUser } from '../session/useSessionUser.js';
import { decideGuard } from './guard.js';
import { PATHS } from './paths.js';
import { Redirect } from './Redirect.js';
import { ROUTE_REQUIREMENTS, type RouteId } from './route-access.js';

export interface RouteGuardProps {
  /** Whose requirement applies (ROUTE_REQUIREMENTS). */
  route: RouteId;
  children: ReactNode;
}

/**
 * Applies the guards of spec section 4 to one protected route: no user record → /error with its
 * message; lacking permission or feature → home with the error toast; expiring password → the
 * expiring-password page (which returns to this page afterwards).
 */
export function RouteGuard({ route, children }: RouteGuardProps) {
  const { user } = useSessionUser();
  const params = useParams();
  const location = useLocation();
  const toasts = useToasts();
  const outcome = decideGuard(user, ROUTE_REQUIREMENTS[route], { orgId: params.orgId, email: params.email });
  // One toast per refused navigation, however often this renders (StrictMode runs effects twice).
  const toastedFor = useRef<string | null>(null);

  const refusal = outcome.kind === 'denied' ? outcome.message : null;

  useEffect(() => {
    if (refusal === null || toastedFor.current === location.key) return;
    toastedFor.current = location.key;
    // Raised as the guard sends the user home: it belongs to the page they land on.
    toasts.show({ type: 'error', message: refusal, followsNavigation: true });
  }, [refusal, location.key, toasts]);

  switch (outcome.kind) {
    case 'allow':
      return children;
    case 'user-missing':
      return <Redirect to={PATHS.error} state={{ message: outcome.message }} />;
    case 'denied':
      return <Redirect to={PATHS.home} />;
    case 'expiring-password':
      return <Redirect to={PATHS.expiringPassword} state={{ from: location }} />;
  }
}
