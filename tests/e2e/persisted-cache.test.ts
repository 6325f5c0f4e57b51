import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.js';
import { openJourney } from './support/browser.js';
import { APOLLO_CACHE_KEY, waitForHome } from './support/console.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { storageItem } from './support/storage.js';

const JOURNEY = 'persisted-cache';

/** A reload while signed in renders home from the persisted cache before the gateway answers. */
describe('persisted cache', () => {
  const { gatewayUrl, seedPassword } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  it('persists the signed-in user’s data', async () => {
    await signIn(page, ACCOUNTS.orgUser, seedPassword);
    await waitForHome(page);
    await page.getByRole('button', { name: 'Launch My Portal' }).and(page.locator('a[href]')).waitFor();
    console.info(`[e2e] cold load: home's content at ${await msSinceNavigationStart(page)} ms`);
    await expect.poll(() => storageItem(page, APOLLO_CACHE_KEY)).toContain(ACCOUNTS.orgUser);
  });

  it('shows home from the cache on reload while every gateway request is held back', async () => {
    const held: Route[] = [];
    await page.route(`${gatewayUrl}**`, (route) => {
      held.push(route);
    });
    await page.reload();
    const launch = page.getByRole('button', { name: 'Launch My Portal' }).and(page.locator('a[href]'));
    await launch.waitFor();
    console.info(`[e2e] reload: home's content at ${await msSinceNavigationStart(page)} ms (gateway held)`);
    expect(await launch.getAttribute('href')).toMatch(/^https?:\/\//);
    await saveScreenshot(page, JOURNEY, 'home from cache');

    // Every gateway request of this load is still held: what shows came from the persisted cache.
    await page.unroute(`${gatewayUrl}**`);
    await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    await waitForHome(page);
  });
});

/** Time from the navigation's start to now, by the page's own clock. */
async function msSinceNavigationStart(page: Page): Promise<number> {
  return Math.round(await page.evaluate<number>('performance.now()'));
}
