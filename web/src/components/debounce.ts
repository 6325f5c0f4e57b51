import { useEffect, useMemo, useRef, useState } from 'react';

/** Search boxes wait this long after the last keystroke before asking the gateway. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** `callback` run `delayMs` after the last call; a pending run is dropped when the component goes. */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
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
