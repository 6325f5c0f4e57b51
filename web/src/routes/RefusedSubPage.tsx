import { MESSAGES } from '@meridian/schema';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useToasts } from '../components/toasts/useToasts.js';
import { Redirect } from './Redirect.js';

export interface RefusedSubPageProps {
  /** Where the reader lands instead: the page's first tab, which they may open. */
  to: string;
}

/**
 * A tab of a page the reader may open, but not this tab (another role's sub-page, reached by a link):
 * the route guard's answer, the permission message as an error toast, on the page's first tab rather
 * than home, since the page itself is theirs to read. An unknown tab is still the 404 page.
 */
export function RefusedSubPage({ to }: RefusedSubPageProps) {
  const location = useLocation();
  const toasts = useToasts();
  // One toast per refused navigation, however often this renders (StrictMode runs effects twice).
  const toastedFor = useRef<string | null>(null);
  useEffect(() => {
    if (toastedFor.current === location.key) return;
    toastedFor.current = location.key;
    toasts.show({ type: 'error', message: MESSAGES.permissionDenied, followsNavigation: true });
  }, [location.key, toasts]);
  return <Redirect to={to} />;
}
