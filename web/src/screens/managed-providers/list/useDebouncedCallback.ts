import { useEffect, useMemo, useRef } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../components/useDebouncedValue.js';

/** `callback` run `delayMs` after the last call; a pending run is dropped when the component goes. */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs = SEARCH_DEBOUNCE_MS,
) {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      run: (...args: A) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => latest.current(...args), delayMs);
      },
      cancel: () => clearTimeout(timer.current),
    }),
    [delayMs],
  );
}
