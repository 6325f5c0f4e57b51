/**
 * A failed dynamic import usually means a new release replaced the chunk this page was built with: one
 * reload fetches the new build (spec section 8). The time of the last reload in sessionStorage keeps a
 * chunk that really is missing from reloading the tab forever.
 */
export const CHUNK_RELOAD_STORAGE_KEY = 'meridian.chunkReloadAt';
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
  /Loading (CSS )?chunk .+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

/** Reloads the page unless it already did so within the last minute; answers whether it reloads. */
export function reloadOnce(now: number = Date.now(), reload: () => void = () => window.location.reload()): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? 0);
    if (last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Without storage there is no loop guard: do not reload.
    return false;
  }
  reload();
  return true;
}
