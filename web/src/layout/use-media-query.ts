import { useSyncExternalStore } from 'react';

/** Below this width the layout stacks and the navigation is one compact bar (spec section 9: 960 px). */
export const COMPACT_LAYOUT_QUERY = '(max-width: 959.98px)';

/** Whether the window matches a media query now, following it as the window is resized. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
