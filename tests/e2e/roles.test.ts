import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID, OPERATORS_ORGANIZATION_ID } from './support/accounts.js';
import { openJourney, type JourneyBrowser } from './support/browser.js';
import { APOLLO_CACHE_KEY, namesIn, oidcUserKey, profileUrl, waitForHome } from './support/console.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { originStorage, storageItem } from './support/storage.js';

const NEW_TAB = ' (opens in a new tab)';
/**
 * Both organizations have a BI portal; the BI Portal link shows to those with a Tableau license too,
 * exactly when home's 'Launch My Portal' opens it (the viewer account has none).
 */
const bottomLinks = (biPortal: boolean) =>
  [...(biPortal ? ['BI Portal'] : []), 'API Sandbox', 'Support Portal'].map((label) => label + NEW_TAB);

interface RoleJourney {
  email: string;
  organizationId: string;
  /** The navigation's items (spec section 2: each only with its permission and feature). */
  nav: string[];
  /** The profile popover's items (spec section 2), theme choices aside. */
  popover: string[];
  /** A Tableau license: the BI Portal opens from home and the navigation. */
  biPortal: boolean;
}

/**
 * Acme Health and the operators' organization both license managed providers, so its item shows for
 * every role holding configurations:read (all four). Activity (the audit trail, last) shows for the
 * roles holding admin:read.
 */
const JOURNEYS: RoleJourney[] = [
  {
    email: ACCOUNTS.admin,
    organizationId: OPERATORS_ORGANIZATION_ID,
    nav: ['Home', 'Managed Providers', 'Organizations', 'My Organization', 'Analytics', 'Activity'],
    popover: ['View Profile', 'Manage Organizations', 'Logout'],
    biPortal: true,
  },
  {
    email: ACCOUNTS.viewer,
    organizationId: OPERATORS_ORGANIZATION_ID,
    nav: ['Home', 'Managed Providers', 'Organizations', 'My Organization', 'Analytics', 'Activity'],
    popover: ['View Profile', 'View Organizations', 'Logout'],
    biPortal: false,
  },
  {
    email: ACCOUNTS.orgAdmin,
    organizationId: ACME_HEALTH_ID,
    nav: ['Home', 'Managed Providers', 'My Organization', 'Users', 'Activity'],
    popover: ['View Profile', 'My Organization', 'Logout'],
    biPortal: true,
  },
  {
    email: ACCOUNTS.orgUser,
    organizationId: ACME_HEALTH_ID,
    nav: ['Home', 'Managed Providers'],
    popover: ['View Profile', 'Logout'],
    biPortal: true,
  },
];

/** Tries the refresh token at the provider's token endpoint: revoked tokens answer invalid_grant. */
async function refreshWith(refreshToken: string): Promise<{ status: number; error?: string }> {
  const { issuer } = inject('product');
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'meridian-console',
    }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, ...(body.error ? { error: body.error } : {}) };
}

describe.each(JOURNEYS)('$email', ({ email, organizationId, nav, popover, biPortal }) => {
  const { webUrl, issuer, seedPassword } = inject('product');
  let browser: JourneyBrowser;
  let page: Page;
  openJourney((opened) => ({ browser, page } = opened));

  it('signs in through the login form and reaches home', async () => {
    await signIn(page, email, seedPassword);
    expect(new URL(page.url()).pathname).toBe('/');
    await waitForHome(page);
    await saveScreenshot(page, email, 'home');
    // Both cards' buttons line up, whether or not the BI Portal card explains a disabled button.
    const buttons = page.locator('.meridian-home-card .bp6-button');
    expect(await buttons.count()).toBe(2);
    const bottoms = await Promise.all(
      [0, 1].map(async (index) => {
        const box = await buttons.nth(index).boundingBox();
        return box ? box.y + box.height : Number.NaN;
      }),
    );
    expect(Math.abs(bottoms[0]! - bottoms[1]!)).toBeLessThanOrEqual(1);
    expect(await page.getByText('You do not have a BI Portal license assigned.').count()).toBe(biPortal ? 0 : 1);
    // The console's favicon (the sign-in page shows the same one).
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
  });

  it('sees the navigation its role should', async () => {
    await page.goto(profileUrl(organizationId, email));
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.waitFor();
    expect(namesIn(await navigation.ariaSnapshot(), 'link')).toEqual([...nav, ...bottomLinks(biPortal)]);
    expect(await navigation.getByRole('link', { name: 'API Sandbox' }).getAttribute('href')).toBe('/sandbox');
    await saveScreenshot(page, email, 'shell');
  });

  it('sees the profile popover its role should', async () => {
    await page.getByRole('button', { name: /^Profile menu for / }).click();
    const menu = page.getByRole('menu', { name: 'Profile' });
    await menu.waitFor();
    expect(namesIn(await menu.ariaSnapshot(), 'menuitem')).toEqual(popover);
    await saveScreenshot(page, email, 'profile popover');
  });

  it('signs out from the popover: back at the login form, refresh token revoked, cache purged', async () => {
    const stored = JSON.parse((await storageItem(page, oidcUserKey())) ?? '{}') as { refresh_token?: string };
    expect(stored.refresh_token).toBeTruthy();
    expect(await storageItem(page, APOLLO_CACHE_KEY)).toContain(email);

    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Signed out, the console sends the browser back to the provider's login form.
    await page.waitForURL((url) => url.origin === issuer && url.pathname.startsWith('/interaction/'));
    await page.getByLabel('Email').waitFor();
    await saveScreenshot(page, email, 'signed out');

    expect(await refreshWith(stored.refresh_token!)).toMatchObject({ status: 400, error: 'invalid_grant' });
    const consoleStorage = await originStorage(browser.context, webUrl);
    expect(Object.keys(consoleStorage)).not.toContain(APOLLO_CACHE_KEY);
    expect(Object.keys(consoleStorage)).not.toContain(oidcUserKey());
    // Nothing of this user is left for the next person at this browser.
    expect(JSON.stringify(consoleStorage)).not.toContain(email);
  });

  it('signs out every other tab of the browser too, for good', async () => {
    await signIn(page, email, seedPassword);
    const otherTab = await browser.newPage();
    await otherTab.goto(profileUrl(organizationId, email));
    await otherTab.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.goto(profileUrl(organizationId, email));
    await page.getByRole('button', { name: /^Profile menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await otherTab.waitForURL((url) => url.origin === issuer && url.pathname.startsWith('/interaction/'));
    await otherTab.getByLabel('Email').waitFor();
    await page.getByLabel('Email').waitFor();
    // For good: opening the console again in that tab asks for a password (the provider's session ended
    // too), so nothing could have signed it in again meanwhile.
    await otherTab.goto(webUrl);
    await otherTab.waitForURL((url) => url.origin === issuer && url.pathname.startsWith('/interaction/'));
    await otherTab.getByLabel('Email').waitFor();
    expect(Object.keys(await originStorage(browser.context, webUrl))).not.toContain(oidcUserKey());
    await otherTab.close();
  });
});
