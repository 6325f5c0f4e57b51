import { MESSAGES } from '@meridian/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID, OPERATORS_ORGANIZATION_ID } from './support/accounts.js';
import { type JourneyBrowser, firstPage, openBrowser, openJourney } from './support/browser.js';
import { APOLLO_CACHE_KEY, waitForHome } from './support/console.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { originStorage } from './support/storage.js';
import { createOrgUser, type NewUser } from './support/user-admin.js';

/** The organization the operator's journey creates and walks through its whole lifecycle. */
const NEW_ORG = { id: 'riverside-e2e', name: 'Riverside E2E Health', domain: 'riverside-e2e.test' };
/** Each job step takes 1.5 s (JOB_STEP_MS); a job of four steps is done within ~6 s. */
const JOB_TIMEOUT = { timeout: 30_000 };
/** Dialogs fade in; a screenshot waits until they have. */
const DIALOG_SETTLE_MS = 400;
/** A person of the new organization, signed in elsewhere when the operator offboards it. */
const PERSON: NewUser = { email: 'rosa@riverside-e2e.test', name: 'Rosa River', password: 'e2e-riverside-rosa-1' };
/**
 * The console notices a session ended elsewhere within 60 s: its watch asks every 30 s
 * (web/src/auth/session-watch.ts). The person's browser runs under a clock the journey jumps over one
 * interval rather than waiting it out.
 */
const SESSION_CHECK_INTERVAL_MS = 30_000;

const organizationsUrl = () => `${inject('product').webUrl}/admin/org-management`;
const updateUrl = (id: string, section: string) => `${organizationsUrl()}/${id}/update/${section}`;
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The lifecycle moves offered now, by their buttons' text. */
async function offeredMoves(page: Page): Promise<string[]> {
  const group = page.getByRole('group', { name: 'Lifecycle moves' });
  if ((await group.count()) === 0) return [];
  return group.getByRole('button').allInnerTexts();
}

describe('an operator manages organizations', () => {
  const { seedPassword, webUrl } = inject('product');
  let browser: JourneyBrowser;
  let page: Page;
  /** The organization's own person, in a browser of their own. */
  let person: JourneyBrowser | undefined;
  let personPage: Page;
  openJourney((opened) => ({ browser, page } = opened));
  afterAll(() => person?.close());

  beforeAll(async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await waitForHome(page);
  });

  it('lists organizations with their state and license use, searched and sorted in the URL', async () => {
    await page.goto(organizationsUrl());
    const table = page.getByRole('table');
    const acme = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Acme Health' }) });
    await acme.waitFor();
    await expect(
      acme.getByRole('progressbar', { name: /^Active users of Acme Health: \d+ of \d+$/ }).count(),
    ).resolves.toBe(1);
    await expect(page.getByText(/Page 1 of \d+ · \d+ organizations/).count()).resolves.toBe(1);
    await saveScreenshot(page, 'operator', 'organizations list');

    await page.getByRole('searchbox', { name: 'Search organizations by name or id' }).fill('acme');
    await page.waitForURL((url) => url.searchParams.get('search') === 'acme');
    await page.getByRole('button', { name: 'Sort by Status' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'status');
    await acme.waitFor();
    const names = await table.getByRole('rowheader').allInnerTexts();
    expect(names.every((name) => /acme/i.test(name))).toBe(true);
    await saveScreenshot(page, 'operator', 'organizations searched');

    // The back button returns to the list as it was before the sort.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('sort') === null && url.searchParams.get('search') === 'acme');
  });

  it('finds a user in any organization and lands on their profile', async () => {
    await page.goto(organizationsUrl());
    await page.getByRole('searchbox', { name: /Email or name, in any organization/ }).fill(ACCOUNTS.orgUser);
    const result = page.getByRole('link', { name: new RegExp(ACCOUNTS.orgUser.replace('.', '\\.')) });
    await result.waitFor();
    await saveScreenshot(page, 'operator', 'user finder');
    await result.click();
    await page.waitForURL(
      `**/admin/org-management/${ACME_HEALTH_ID}/users/${encodeURIComponent(ACCOUNTS.orgUser)}/profile/general`,
    );
  });

  it('creates an organization: checks beside each field, then opens its update page', async () => {
    await page.goto(organizationsUrl());
    await page.getByRole('link', { name: 'Create organization' }).click();
    await page.waitForURL('**/admin/org-management/create');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByText('Name is required.', { exact: true }).waitFor();
    await page.getByText('Choose a customer segment.', { exact: true }).waitFor();
    await saveScreenshot(page, 'operator', 'create organization errors');

    await page.getByLabel(/^Name/).fill(NEW_ORG.name);
    await page.getByLabel(/^Organization ID/).fill(NEW_ORG.id);
    await page.getByLabel(/^Domains/).fill(NEW_ORG.domain);
    await page.getByLabel(/^Domains/).press('Enter');
    await page.getByLabel(/^Contact name/).fill('Rita River');
    await page.getByLabel(/^Contact email/).fill('rita@riverside-e2e.test');
    await page.getByLabel(/^Customer segment/).selectOption({ label: 'Health Plan' });
    await saveScreenshot(page, 'operator', 'create organization');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL(`**/admin/org-management/${NEW_ORG.id}/update/general`);
    await page.getByRole('heading', { name: NEW_ORG.name, level: 1 }).waitFor();
    await page.getByText(`Organization ${NEW_ORG.name} created.`).waitFor();
    await saveScreenshot(page, 'operator', 'update organization general');
  });

  it('refuses a second organization with the same id, in the platform’s words', async () => {
    await page.goto(`${organizationsUrl()}/create`);
    await page.getByLabel(/^Name/).fill('Another Riverside');
    await page.getByLabel(/^Organization ID/).fill(NEW_ORG.id);
    await page.getByLabel(/^Domains/).fill('another.test');
    await page.getByLabel(/^Domains/).press('Enter');
    await page.getByLabel(/^Contact name/).fill('Ann Other');
    await page.getByLabel(/^Contact email/).fill('ann@another.test');
    await page.getByLabel(/^Customer segment/).selectOption({ label: 'Employer' });
    await page.getByRole('button', { name: 'Create organization' }).click();
    // Said once, under the ID field it concerns.
    const message = page.getByText(`An organization with id ${NEW_ORG.id} already exists.`);
    await message.waitFor();
    expect(await message.count()).toBe(1);
    expect(await page.getByLabel(/^Organization ID/).getAttribute('aria-invalid')).toBe('true');
    // What was typed is still there.
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Another Riverside');
  });

  it('walks the new organization through onboarding and deployment with live progress, then activates it', async () => {
    await page.goto(updateUrl(NEW_ORG.id, 'lifecycle'));
    await page.getByRole('heading', { name: 'Lifecycle' }).waitFor();
    expect(await offeredMoves(page)).toEqual(['Start onboarding']);
    await saveScreenshot(page, 'operator', 'lifecycle created');

    await page.getByRole('button', { name: 'Start onboarding' }).click();
    await page.getByText('Onboarding is under way.').waitFor();
    const progress = page.getByRole('progressbar', { name: /^Onboarding: \d of 4 steps done$/ });
    await progress.waitFor();
    await saveScreenshot(page, 'operator', 'lifecycle onboarding in progress');
    // Steps advance while the page polls; the finished job offers the next move.
    await page.getByRole('button', { name: 'Start deployment' }).waitFor(JOB_TIMEOUT);
    expect(await page.getByRole('progressbar', { name: 'Onboarding: 4 of 4 steps done' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Start deployment' }).click();
    await page.getByText('Deployment is under way.').waitFor();
    await page.getByRole('button', { name: 'Activate' }).waitFor(JOB_TIMEOUT);
    await saveScreenshot(page, 'operator', 'lifecycle deployed');

    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByText(`${NEW_ORG.name} is active.`).waitFor();
    expect(await offeredMoves(page)).toEqual(['Switch segment…', 'Offboard…']);
    await page.locator('[aria-current="step"]', { hasText: 'Active' }).waitFor();

    // Active now: its people sign in (issue 39: not before).
    await createOrgUser(NEW_ORG.id, PERSON);
    person = await openBrowser();
    await person.context.clock.install();
    personPage = await firstPage(person);
    await signIn(personPage, PERSON.email, PERSON.password);
    await waitForHome(personPage);
  });

  it('creates a credential, copies its secret once, never stores it, and disables it', async () => {
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await page.waitForURL(`**/${NEW_ORG.id}/update/credentials`);
    await page.getByText('No credentials yet').waitFor();
    await page.getByRole('button', { name: 'Create credential' }).click();
    const choices = page.getByRole('dialog', { name: `New credential for ${NEW_ORG.name}` });
    await choices.getByLabel('Name').fill('BI extract');
    await choices.getByRole('button', { name: 'Create credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credential created' });
    await dialog.waitFor();
    const secret = (await dialog.getByLabel('Credential secret').innerText()).trim();
    expect(secret.length).toBeGreaterThan(16);
    await page.waitForTimeout(DIALOG_SETTLE_MS);
    await saveScreenshot(page, 'operator', 'credential secret');

    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);

    // Neither the persisted cache nor anything else in the browser's storage holds the secret.
    await page.waitForTimeout(500);
    const storage = await originStorage(browser.context, webUrl);
    expect(storage[APOLLO_CACHE_KEY]).toBeTruthy();
    expect(JSON.stringify(storage)).not.toContain(secret);
    expect(await page.evaluate<string>('JSON.stringify(sessionStorage)')).not.toContain(secret);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(secret);

    const row = page.getByRole('row').filter({ hasText: 'Enabled' });
    await row.getByRole('button', { name: /^Disable credential / }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('it cannot be enabled again').waitFor();
    await page.waitForTimeout(DIALOG_SETTLE_MS);
    await saveScreenshot(page, 'operator', 'credential disable confirmation');
    await confirm.getByRole('button', { name: 'Disable credential' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'Disabled' }).waitFor();
    expect(await page.getByRole('button', { name: /^Disable credential / }).count()).toBe(0);
    await saveScreenshot(page, 'operator', 'credentials');
  });

  it('changes licenses with dependencies enabled along, and shows the managed-providers message', async () => {
    await page.getByRole('tab', { name: 'Managed providers' }).click();
    await page.getByText('Customer has not licensed the product that enables this feature.').waitFor();
    await saveScreenshot(page, 'operator', 'managed providers not licensed');

    await page.getByRole('tab', { name: 'Licenses' }).click();
    // Blueprint draws the switch over its input: the click lands on the drawing, as a person's would.
    await page.getByRole('switch', { name: 'Managed Providers' }).check({ force: true });
    for (const name of ['Provider Aliases', 'Provider Relationships', 'Provider Data']) {
      expect(await page.getByRole('switch', { name }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name }).isDisabled()).toBe(true);
    }
    await page.getByLabel(/^User limit/).fill('40');
    await saveScreenshot(page, 'operator', 'licenses');
    await page.getByRole('button', { name: 'Save licenses' }).click();
    await page.getByText(`Licenses of ${NEW_ORG.name} saved.`).waitFor();

    await page.getByRole('tab', { name: 'Managed providers' }).click();
    const link = page.getByRole('link', { name: 'Open managed providers' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/config/${NEW_ORG.id}/managed-providers`);
  });

  it('switches the segment with a license change, then offboards after the typed confirmation, which signs its person out saying why, and re-activates', async () => {
    await page.getByRole('tab', { name: 'Lifecycle' }).click();
    await page.getByRole('button', { name: 'Switch segment…' }).click();
    const dialog = page.getByRole('dialog', { name: `Switch the segment of ${NEW_ORG.name}` });
    await dialog.getByLabel(/^New customer segment/).selectOption({ label: 'Employer' });
    await dialog.getByLabel('Medicare licensed').check({ force: true });
    await dialog.getByRole('switch', { name: 'Also change the licenses' }).check({ force: true });
    await dialog.getByLabel(/^Viewer licenses/).fill('7');
    await page.waitForTimeout(DIALOG_SETTLE_MS);
    await saveScreenshot(page, 'operator', 'segment switch dialog');
    await dialog.getByRole('button', { name: 'Switch segment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${NEW_ORG.name} switched to Employer.`).waitFor();
    await page.locator('.meridian-organization-summary').getByText('Employer').waitFor();
    await page.locator('.meridian-organization-summary').getByText('Medicare licensed').waitFor();

    await page.getByRole('button', { name: 'Offboard…' }).click();
    const offboard = page.getByRole('dialog', { name: `Offboard ${NEW_ORG.name}` });
    // What it ends, counted afresh: the one person signed in elsewhere.
    await offboard
      .getByText(`It ends the 1 session of the 1 person signed in now, at once; ${NEW_ORG.name}’s 1 active user`)
      .waitFor();
    const confirm = offboard.getByRole('button', { name: 'Offboard', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await offboard.getByLabel(`Type ${NEW_ORG.id} to confirm`).fill('riverside');
    expect(await confirm.isDisabled()).toBe(true);
    await offboard.getByLabel(`Type ${NEW_ORG.id} to confirm`).fill(NEW_ORG.id);
    await page.waitForTimeout(DIALOG_SETTLE_MS);
    await saveScreenshot(page, 'operator', 'offboard confirmation');
    await confirm.click();
    const offboardedAt = Date.now();
    await offboard.waitFor({ state: 'hidden' });
    await page.getByText(/^Offboarding is under way\./).waitFor();

    // The organization's person is signed out of their console, told why as a deactivated person is.
    await personPage.bringToFront();
    await person!.context.clock.fastForward(SESSION_CHECK_INTERVAL_MS);
    await personPage.getByRole('heading', { name: 'You have been signed out' }).waitFor();
    expect(await personPage.getByRole('main').getByRole('alert').textContent()).toBe(MESSAGES.inactiveUser);
    console.info(
      `[e2e] an offboarded organization's person was signed out one watch interval and ${Date.now() - offboardedAt} ms later`,
    );
    await saveScreenshot(personPage, 'offboarded person', 'signed out');

    await page.bringToFront();
    await page.getByRole('button', { name: 'Re-activate' }).waitFor(JOB_TIMEOUT);
    await page.locator('[aria-current="step"]', { hasText: 'Offboarded' }).waitFor();
    await saveScreenshot(page, 'operator', 'lifecycle offboarded');

    await page.getByRole('button', { name: 'Re-activate' }).click();
    await page.locator('[aria-current="step"]', { hasText: 'Active' }).waitFor();
  }, 90_000);
});

describe('an Org Admin on their organization', () => {
  const { seedPassword } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    await signIn(page, ACCOUNTS.orgAdmin, seedPassword);
    await waitForHome(page);
  });

  it('lands on My Organization, read-only with the reason', async () => {
    // From home, as an Org Admin starts the day: home has the shell's navigation.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Organization' })
      .click();
    await page.waitForURL(`**/admin/org-management/${ACME_HEALTH_ID}/update/general`);
    await page.getByRole('heading', { name: 'Acme Health', level: 1 }).waitFor();
    await page.getByText('Your role (Org Admin) may view this organization’s settings but not change them.').waitFor();
    expect(await page.getByLabel(/^Name/).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    await saveScreenshot(page, 'org admin', 'my organization');

    await page.getByRole('tab', { name: 'Credentials' }).click();
    expect(await page.getByRole('button', { name: 'Create credential' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Lifecycle' }).click();
    expect(await offeredMoves(page)).toEqual([]);
    await saveScreenshot(page, 'org admin', 'my organization lifecycle');

    // Where an Org Admin may act, no read-only word stands above buttons that work (issue 39).
    await page.getByRole('tab', { name: /^Webhooks/ }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).waitFor();
    expect(await page.getByRole('note').count()).toBe(0);
  });

  it('is refused another tenant’s organization: home, with the permission toast', async () => {
    await page.goto(updateUrl(OPERATORS_ORGANIZATION_ID, 'general'));
    await page.getByText('You do not have permission to view that page.').waitFor();
    expect(pathOf(page)).toBe('/');
    await saveScreenshot(page, 'org admin', 'another tenant refused');
  });
});
