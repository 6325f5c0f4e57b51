import type { BrowserContext, Page } from 'playwright-core';

// Expressions rather than functions: the tests are compiled without the DOM library.

/** localStorage.getItem(key) in the page. */
export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`);
}

/** localStorage.removeItem(key) in the page. */
export async function removeStorageItem(page: Page, key: string): Promise<void> {
  await page.evaluate(`localStorage.removeItem(${JSON.stringify(key)})`);
}

/** Every localStorage key of the page's origin. */
export function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate('Object.keys(localStorage)');
}

/** The localStorage of `origin` in this browser, whichever tab is where (playwright's storage state). */
export async function originStorage(context: BrowserContext, origin: string): Promise<Record<string, string>> {
  const state = await context.storageState();
  const entries = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
  return Object.fromEntries(entries.map((item) => [item.name, item.value]));
}
