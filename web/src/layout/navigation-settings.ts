/** Settings.isNavigationOpen of spec section 3: persisted, open by default. */
export const NAVIGATION_OPEN_STORAGE_KEY = 'meridian.settings.isNavigationOpen';

export function readNavigationOpen(storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(NAVIGATION_OPEN_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function writeNavigationOpen(isOpen: boolean, storage: Storage = localStorage): void {
  try {
    storage.setItem(NAVIGATION_OPEN_STORAGE_KEY, String(isOpen));
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
}
