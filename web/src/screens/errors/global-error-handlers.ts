import { reloadOnce } from '../../lib/chunk-reload.js';

/** Chromium reports layout that settles over more than one frame this way; it is harmless (spec section 8). */
export const RESIZE_OBSERVER_MESSAGE = /ResizeObserver loop/;

let installed: (() => void) | null = null;

/**
 * Window-level handlers: the ResizeObserver loop message is swallowed before it reaches error overlays
 * and logs, and Vite's failed preload of a new release's chunk reloads the page once. Idempotent;
 * answers the uninstall.
 */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  if (installed) return installed;
  const onError = (event: ErrorEvent) => {
    if (RESIZE_OBSERVER_MESSAGE.test(event.message ?? '')) {
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  };
  const onPreloadError = (event: Event) => {
    // When the reload guard says no, the import fails on and the error boundary shows the 404 page.
    if (reloadOnce()) event.preventDefault();
  };
  target.addEventListener('error', onError, true);
  target.addEventListener('vite:preloadError', onPreloadError);
  installed = () => {
    target.removeEventListener('error', onError, true);
    target.removeEventListener('vite:preloadError', onPreloadError);
    installed = null;
  };
  return installed;
}
