import { useEffect } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';

/**
 * Whether `location` (the one a component rendered for) is still the browser's current history entry.
 * The router renders navigations in React transitions, and one may commit after the person has
 * already gone on (a click landing while the page it left was still loading): the browser's entry
 * then carries another key. The router keeps its key in history.state; an entry without one (the
 * first page load, or a memory router) counts as current.
 */
export function isCurrentEntry(location: Location): boolean {
  const key = (window.history.state as { key?: unknown } | null)?.key;
  return typeof key !== 'string' || key === location.key;
}

export interface RedirectProps {
  to: string;
  state?: unknown;
}

/**
 * `<Navigate replace>` that leaves alone an entry the person has already left: a redirect committed
 * late would otherwise replace the page they went on to (found by the keyboard journey on a slow
 * machine: Managed Providers' index redirect took the place of Organizations, chosen meanwhile).
 */
export function Redirect({ to, state }: RedirectProps) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (isCurrentEntry(location)) void navigate(to, { replace: true, state });
  }, [location, navigate, to, state]);
  return null;
}
