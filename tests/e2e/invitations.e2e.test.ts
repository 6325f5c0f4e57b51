import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID, newPasswordFor } from './support/accounts.js';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.js';
import { openJourney } from './support/browser.js';
import { waitForHome } from './support/console.js';
import { latestPasswordLink, mailCount } from './support/outbox.js';
import { usersOf } from './support/platform-api.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { ensureRoomForOneUser } from './support/user-admin.js';

const JOURNEY = 'invitation';
/** Unique per run: the journey may run again on the same database. */
const INVITEE = { name: 'Ines Invited', email: `e2e.ines.${Date.now()}@acme.test` };
const PASSWORD = newPasswordFor('invited');

async function expectAxeClean(page: Page, where: string): Promise<void> {
  const blocking = blockingViolations(await axeViolations(page));
  expect(blocking.length, `${where}:\n${describeViolations(blocking)}`).toBe(0);
}

/** Axe-clean in the light theme and in the dark one (the system's preference), with a screenshot of each. */
async function expectAxeCleanInBothThemes(page: Page, where: string): Promise<void> {
  await expectAxeClean(page, where);
  await saveScreenshot(page, JOURNEY, where);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
  await expectAxeClean(page, `${where} (dark)`);
  await saveScreenshot(page, JOURNEY, `${where} dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

const toast = (page: Page, text: string) => page.locator('.meridian-toast').filter({ hasText: text });

/**
 * Issue 18's invitation, end to end: an Org Admin creates a user without a password (the form's
 * default), sees them Invited in the profile and the list, resends the invitation; the invited person
 * opens the newest mailed link in their own browser, sets a password and signs in.
 */
describe('an Org Admin invites a user', () => {
  const { seedPassword, webUrl } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    await ensureRoomForOneUser(ACME_HEALTH_ID);
    await signIn(page, ACCOUNTS.orgAdmin, seedPassword);
    await waitForHome(page);
  });

  it('creates the user with "Send an invitation", and the platform mails a link', async () => {
    await page.goto(`${webUrl}/admin/org-management/${ACME_HEALTH_ID}/users/create`);
    await page.getByLabel('Name', { exact: true }).fill(INVITEE.name);
    await page.getByLabel('Email', { exact: true }).fill(INVITEE.email);
    expect(await page.getByLabel('Send an invitation').isChecked()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await expectAxeCleanInBothThemes(page, 'create user with invitation');
    await page.getByRole('button', { name: 'Create user' }).click();

    await page.waitForURL(/\/profile\/general$/);
    await toast(page, `${INVITEE.name} (${INVITEE.email}) was invited`).waitFor();
    const panel = page.locator('.meridian-invitation-panel');
    await panel.getByText(`${INVITEE.name} has not set a password yet.`).waitFor();
    expect(await panel.innerText()).toMatch(/works until/);
    await expectAxeCleanInBothThemes(page, 'invited profile');
    expect(await mailCount(INVITEE.email)).toBe(1);
    const stored = (await usersOf(ACME_HEALTH_ID)).find((user) => user.email === INVITEE.email);
    expect(stored).toMatchObject({ status: 'invited' });
  });

  it('resends the invitation: a second mail', async () => {
    await page.getByRole('button', { name: 'Resend invitation' }).click();
    await toast(page, `A new invitation was sent to ${INVITEE.email}.`).waitFor();
    await expect.poll(() => mailCount(INVITEE.email)).toBe(2);
  });

  it('finds the user under the Invited filter of the users list', async () => {
    await page.goto(`${webUrl}/admin/org-management/${ACME_HEALTH_ID}`);
    await page.getByLabel('Filter users by status').selectOption('invited');
    await page.waitForURL(/status=invited/);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: INVITEE.name }) });
    await row.waitFor();
    // The Status column found by its header: the list's columns move (selection, fitting the width).
    const headers = (await page.locator('table thead th').allInnerTexts()).map((text) => text.trim());
    const statusColumn = headers.findIndex((text) => /^Status\b/.test(text));
    expect(statusColumn, headers.join(' | ')).toBeGreaterThan(-1);
    expect((await row.locator('td, th').nth(statusColumn).innerText()).trim()).toBe('Invited');
    await expectAxeCleanInBothThemes(page, 'users list invited');
  });
});

describe('the invited person sets a password from the emailed link', () => {
  const { webUrl } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  it('sets the password through the create-password page', async () => {
    const link = await latestPasswordLink(INVITEE.email);
    expect(link.startsWith(`${webUrl}/create-password?token=`)).toBe(true);
    await page.goto(link);
    // Issue 39: the page names the account it sets a password for.
    await page.getByText(`Choose the password of your new account, ${INVITEE.email}.`).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm new password').fill(PASSWORD);
    await expectAxeClean(page, 'create password from the invitation');
    await saveScreenshot(page, JOURNEY, 'create password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your new password is set.').waitFor();
  });

  it('signs in with it, the email already filled in, and is then an active user', async () => {
    const { issuer } = inject('product');
    await page.getByRole('button', { name: `Sign in as ${INVITEE.email}` }).click();
    await page.waitForURL((url) => url.origin === new URL(issuer).origin);
    // The console's login_hint, read by the provider's first step (issue 39).
    expect(await page.getByLabel('Email').inputValue()).toBe(INVITEE.email);
    await signIn(page, INVITEE.email, PASSWORD);
    await waitForHome(page);
    await saveScreenshot(page, JOURNEY, 'signed in');
    const stored = (await usersOf(ACME_HEALTH_ID)).find((user) => user.email === INVITEE.email);
    expect(stored).toMatchObject({ status: 'active' });
  });
});
