import { useEffect, useState } from 'react';

/** Spec section 4: the loading screen stays 500 ms after the user has loaded. */
export const LOADING_DELAY_MS = 500;

/**
 * True while `loading`, and for `delayMs` after it last turned false (so the loading screen does not
 * flash away the moment the data arrives).
 */
export function useLoadingDelay(loading: boolean, delayMs: number = LOADING_DELAY_MS): boolean {
  const [held, setHeld] = useState(true);
  const [wasLoading, setWasLoading] = useState(loading);
  if (loading !== wasLoading) {
    setWasLoading(loading);
    if (loading) setHeld(true);
  }
  useEffect(() => {
    if (loading || !held) return;
    const timer = setTimeout(() => setHeld(false), delayMs);
    return () => clearTimeout(timer);
  }, [loading, held, delayMs]);
  return loading || held;
}
