import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID } from './support/accounts.js';
import { blockingViolations, axeViolations, describeViolations } from './support/axe.js';
import { openJourney } from './support/browser.js';
import { waitForHome } from './support/console.js';
import { expectVisibleFocus, focusedElement, named, tabTo } from './support/keyboard.js';
import { saveScreenshot } from './support/screenshots.js';
import { withSlowCpu } from './support/slow-cpu.js';

const JOURNEY = 'keyboard';
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The text of the option the palette's text box points at (aria-activedescendant). */
const activeOptionText = (page: Page): Promise<string> =>
  page.evaluate(
    `(() => { const id = document.activeElement?.getAttribute('aria-activedescendant'); return (id && document.getElementById(id)?.textContent) || ''; })()`,
  );

/** ArrowDown until the active option matches, as a keyboard user moves down the palette's list. */
async function chooseWithArrows(page: Page, option: RegExp): Promise<void> {
  const seen: string[] = [];
  for (let press = 0; press < 12; press += 1) {
    const active = await activeOptionText(page);
    if (option.test(active)) return;
    seen.push(active);
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No palette option matched ${String(option)}; the arrows went through: ${seen.join(' | ')}`);
}

async function expectNoBlockingViolations(page: Page, where: string): Promise<void> {
  const blocking = blockingViolations(await axeViolations(page));
  expect(blocking.length, `${where}:\n${describeViolations(blocking)}`).toBe(0);
}

/**
 * The main flows with the keyboard alone (issue 8): sign in, go to Organizations through the
 * navigation, search the list and open an organization, open a user's profile, and sign out from the
 * profile popover. Every stop checks where the focus is and that it is visibly marked.
 */
describe('an operator uses the console with the keyboard alone', () => {
  const { webUrl, issuer, seedPassword } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  it('signs in: the email field has the focus, Enter goes on to the password (focused), Enter submits', async () => {
    await page.goto(`${webUrl}/`);
    await page.waitForURL((url) => url.origin === new URL(issuer).origin);
    await page.getByLabel('Email').waitFor();
    const blocking = blockingViolations(await axeViolations(page));
    expect(blocking.length, `Sign-in form:\n${describeViolations(blocking)}`).toBe(0);

    expect(await focusedElement(page)).toMatchObject({ tag: 'input', name: 'Email' });
    await page.keyboard.type(ACCOUNTS.admin);
    await page.keyboard.press('Enter');
    await page.getByLabel('Password').waitFor();
    expect(await focusedElement(page)).toMatchObject({ tag: 'input', name: 'Password' });
    const passwordStep = blockingViolations(await axeViolations(page));
    expect(passwordStep.length, `Password step:\n${describeViolations(passwordStep)}`).toBe(0);
    await page.keyboard.type(seedPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.origin === webUrl && !url.pathname.startsWith('/auth/'));
    await waitForHome(page);
    expect(pathOf(page)).toBe('/');
  });

  it('goes to Organizations from home, then through the navigation', async () => {
    await tabTo(page, 'the Organizations link of the navigation', named('Organizations', { tag: 'a' }));
    await expectVisibleFocus(page, 'the navigation link');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin/org-management');

    // The shell (home's too): back from the chosen link, its first stop is the skip link, then the toggle.
    await tabTo(page, 'the skip link', named('Skip to main content', { tag: 'a' }), { backwards: true });
    await expectVisibleFocus(page, 'the skip link');
    expect(await focusedElement(page)).toMatchObject({ tag: 'a', name: 'Skip to main content' });
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'the navigation toggle');
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', name: 'Collapse navigation' });
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Expand navigation', expanded: false }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Collapse navigation', expanded: true }).waitFor();

    await tabTo(page, 'the Managed Providers item', named('Managed Providers', { tag: 'a' }));
    await expectVisibleFocus(page, 'a navigation link');
    // A slow machine: Organizations is chosen before Managed Providers has drawn. CI found its late
    // index redirect then replacing Organizations; a slowed CPU makes that the case every time. Slowed
    // only until Organizations is chosen (a late redirect still commits after that): drawing the page
    // at a twentieth of a busy CI machine's CPU outlasted the heading's wait.
    await withSlowCpu(page, 20, async () => {
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname.includes('/managed-providers'));
      // The focus stays on the item, so the next one is a Tab away.
      await tabTo(page, 'the Organizations item', named('Organizations', { tag: 'a' }), { max: 2 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/admin/org-management');
    });
    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin/org-management');
    await saveScreenshot(page, JOURNEY, 'organizations');
  });

  it('searches the list and opens an organization', async () => {
    await tabTo(page, 'the organizations search', named('Search organizations by name or id', { tag: 'input' }));
    await expectVisibleFocus(page, 'the search box');
    await page.keyboard.type('Acme Health');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Acme Health');
    await page.getByRole('rowheader', { name: 'Acme Health' }).waitFor();
    await tabTo(page, 'the Acme Health link', named('Acme Health', { tag: 'a' }));
    await expectVisibleFocus(page, 'a table link');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/org-management/${ACME_HEALTH_ID}/update/general`);
    await page.getByRole('heading', { name: 'Acme Health', level: 1 }).waitFor();

    // Only the selected tab is in the Tab order (roving tabindex); the arrows move between the tabs.
    await tabTo(page, 'the General tab', named('General', { role: 'tab' }));
    await expectVisibleFocus(page, 'the selected tab');
    await saveScreenshot(page, JOURNEY, 'organization general');
  });

  // Blueprint's Tabs moves focus only among tabs marked aria-disabled="false" (see OrganizationUpdatePage).
  it('moves to the next tab with ArrowRight and opens it with Enter', async () => {
    await page.keyboard.press('ArrowRight');
    expect(await focusedElement(page)).toMatchObject({ role: 'tab', name: 'Licenses' });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/${ACME_HEALTH_ID}/update/licenses`);
    await page.getByRole('heading', { name: 'Licenses', level: 2 }).waitFor();
  });

  it('opens a user profile from the organization’s users', async () => {
    await tabTo(page, 'the Users link', named('Users', { tag: 'a' }), { backwards: true });
    await expectVisibleFocus(page, 'a link button');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/org-management/${ACME_HEALTH_ID}`);

    await tabTo(page, 'the users search', named('Search users by name or email', { tag: 'input' }));
    await page.keyboard.type(ACCOUNTS.orgUser);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === ACCOUNTS.orgUser);
    await page.getByRole('cell', { name: ACCOUNTS.orgUser, exact: true }).waitFor();
    const profilePath = `/admin/org-management/${ACME_HEALTH_ID}/users/${encodeURIComponent(ACCOUNTS.orgUser)}/profile/general`;
    await tabTo(page, 'the user’s profile link', (element) => element.href === profilePath);
    await expectVisibleFocus(page, 'the user’s link');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${profilePath}`);
    await page.getByRole('heading', { name: 'General', level: 2 }).waitFor();
    await saveScreenshot(page, JOURNEY, 'user profile');
  });

  it('finds Acme Health with Ctrl-K in under a second, opens it with Enter, and comes back through Recent', async () => {
    const palette = page.getByRole('dialog', { name: 'Search the console' });
    const started = Date.now();
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    const openedInMs = Date.now() - started;
    expect(await focusedElement(page)).toMatchObject({
      role: 'combobox',
      name: 'Search organizations, users and pages',
    });
    await page.keyboard.type('Acme');
    await palette.getByRole('option', { name: /Acme Health/ }).waitFor();
    const foundInMs = Date.now() - started;
    console.info(`Command palette: open in ${openedInMs} ms; "Acme Health" listed ${foundInMs} ms after Ctrl-K.`);
    expect(foundInMs).toBeLessThan(1000);
    await chooseWithArrows(page, /Acme Health/);
    await expectNoBlockingViolations(page, 'Command palette (light)');
    await saveScreenshot(page, JOURNEY, 'command palette');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await expectNoBlockingViolations(page, 'Command palette (dark)');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/org-management/${ACME_HEALTH_ID}/update/general`);
    await page.getByRole('heading', { name: 'Acme Health', level: 1 }).waitFor();
    await palette.waitFor({ state: 'hidden' });

    // Escape closes it; reopened empty, it lists the recent visits: the user profile is one of them.
    await page.keyboard.press('Control+k');
    await palette.getByRole('group', { name: 'Recent' }).waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+k');
    await palette.getByRole('group', { name: 'Recent' }).waitFor();
    await chooseWithArrows(page, new RegExp(ACCOUNTS.orgUser.replaceAll('.', '\\.')));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/users/${encodeURIComponent(ACCOUNTS.orgUser)}/profile/general`);
    await page.getByRole('heading', { name: 'General', level: 2 }).waitFor();
  });

  it('finds the Sign-in settings with Ctrl-K "sso", first, and opens them with Enter', async () => {
    const palette = page.getByRole('dialog', { name: 'Search the console' });
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await page.keyboard.type('sso');
    // The organization whose pages are open (Acme Health's user) offers its tabs; an exact keyword leads.
    await palette
      .getByRole('option', { name: /^Sign-in/ })
      .first()
      .waitFor();
    await expect.poll(() => activeOptionText(page)).toBe(`Sign-in${ACME_HEALTH_ID} · organization settings`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/org-management/${ACME_HEALTH_ID}/update/sign-in`);
    await page.getByRole('heading', { name: 'Sign-in', level: 2 }).waitFor();
    await palette.waitFor({ state: 'hidden' });
    await saveScreenshot(page, JOURNEY, 'palette sso to sign-in');
  });

  it('opens the profile popover, closes it with Escape, and signs out from it', async () => {
    await tabTo(page, 'the profile button', named(/^Profile menu for /, { tag: 'button' }), { backwards: true });
    await expectVisibleFocus(page, 'the profile button');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Profile' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    // Closing gives the focus back to the button that opened the popover.
    expect(await focusedElement(page)).toMatchObject({
      tag: 'button',
      name: expect.stringMatching(/^Profile menu for /),
    });

    await page.keyboard.press('Space');
    await menu.waitFor();
    await tabTo(page, 'View Profile', named('View Profile'), { max: 3 });
    await expectVisibleFocus(page, 'a menu item');
    await tabTo(page, 'Logout', named('Logout'), { max: 8 });
    await saveScreenshot(page, JOURNEY, 'profile popover');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.origin === new URL(issuer).origin && url.pathname.startsWith('/interaction/'));
    await page.getByLabel('Email').waitFor();
  });
});
