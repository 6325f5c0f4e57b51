import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID } from './support/accounts.js';
import { openJourney, type JourneyBrowser } from './support/browser.js';
import { APOLLO_CACHE_KEY, waitForHome } from './support/console.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { originStorage, storageItem } from './support/storage.js';

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

const IDLE_TIMEOUT_MINUTES = 2;
const IDLE_SIGNED_OUT = `You were signed out after ${IDLE_TIMEOUT_MINUTES} minutes without activity.`;
/** Staff of Acme Health the Org Admin's users list shows (names and emails of the seed). */
const STAFF = ['Uma Patel', 'user@acme.test', 'Evan Ito', 'expiring@acme.test', 'Olive Okafor', 'orgadmin@acme.test'];

/**
 * Issue 39 §6: the persisted cache holds staff names and emails. After an idle sign-out nothing of
 * them stays in the browser: when the console's tab is open when the timeout passes, and when it was
 * closed meanwhile and opened again later (the cache was restored and the session went on).
 */
describe('the persisted cache after an idle sign-out', () => {
  const { webUrl, seedPassword } = inject('product');
  let browser: JourneyBrowser;
  let page: Page;
  openJourney((opened) => ({ browser, page } = opened));

  /** Signs the Org Admin in and opens Acme Health's users: the cache in storage holds its staff. */
  async function cacheStaff(): Promise<void> {
    await signIn(page, ACCOUNTS.orgAdmin, seedPassword);
    // Names Z to A: the users journey's 200 "Bulk N" would fill the first page sorted A to Z.
    await page.goto(`${webUrl}/admin/org-management/${ACME_HEALTH_ID}?sort=-name`);
    await page.getByRole('cell', { name: 'Uma Patel' }).first().waitFor();
    await expect.poll(() => storageItem(page, APOLLO_CACHE_KEY)).toContain('Uma Patel');
    expect(await storageItem(page, APOLLO_CACHE_KEY)).toContain('expiring@acme.test');
  }

  /** The signed-out screen says why, and the browser holds no cache and nothing of the staff. */
  async function nothingOfTheStaffLeft(): Promise<void> {
    await page.getByRole('heading', { name: 'You have been signed out' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('main').getByRole('alert').textContent()).toBe(IDLE_SIGNED_OUT);
    const storage = await originStorage(browser.context, new URL(webUrl).origin);
    expect(Object.keys(storage)).not.toContain(APOLLO_CACHE_KEY);
    const everything = JSON.stringify(storage);
    for (const staff of STAFF) expect(everything).not.toContain(staff);
  }

  it('is purged when the idle sign-out comes in the open tab', async () => {
    // A short idle timeout (the served config.json changed) and the page's clock under the test's control.
    await browser.context.route(`${webUrl}/config.json`, async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, idleTimeoutMinutes: IDLE_TIMEOUT_MINUTES } });
    });
    await browser.context.clock.install();
    await page.goto(`${webUrl}/admin/org-management/${ACME_HEALTH_ID}`);
    await cacheStaff();
    await browser.context.clock.fastForward((IDLE_TIMEOUT_MINUTES * 60 + 5) * 1000);
    await nothingOfTheStaffLeft();
    await saveScreenshot(page, JOURNEY, 'idle signed out');
  });

  it('is purged, and the session ended, when the console comes back after the idle timeout with no tab open', async () => {
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await cacheStaff();
    // The console is closed (its tab elsewhere), longer than the idle timeout; then opened again.
    await page.goto('about:blank');
    expect(JSON.stringify(await originStorage(browser.context, new URL(webUrl).origin))).toContain('Uma Patel');
    await browser.context.clock.fastForward((IDLE_TIMEOUT_MINUTES * 60 + 5) * 1000);
    await page.goto(`${webUrl}/admin/org-management/${ACME_HEALTH_ID}`);
    await nothingOfTheStaffLeft();
    expect(await page.getByRole('cell', { name: 'Uma Patel' }).count()).toBe(0);
  });
});
