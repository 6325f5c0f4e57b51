import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, newPasswordFor } from './support/accounts.js';
import { waitForHome } from './support/console.js';
import { openJourney } from './support/browser.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { removeStorageItem, storageItem } from './support/storage.js';

const JOURNEY = 'expiring-password';
/** reminder.ts's key for this user: the local day 'Remind me later' was chosen on. */
const REMINDER_KEY = `meridian.passwordReminderDismissedOn:${ACCOUNTS.expiring}`;

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * expiring@acme.test (3 days left) is sent to the expiring-password page after sign-in, may put it off
 * for the day, and changes the password there.
 */
describe('expiring password', () => {
  const { webUrl, seedPassword } = inject('product');
  let page: Page;
  const password = newPasswordFor('expiring');
  openJourney((opened) => ({ page } = opened));

  it('is forced to the expiring-password page after signing in', async () => {
    await signIn(page, ACCOUNTS.expiring, seedPassword);
    await page.waitForURL((url) => url.pathname === '/expiring-password');
    await page.getByRole('heading', { name: 'Your password is expiring' }).waitFor();
    expect(await page.getByText('Your password expires in 3 days.').count()).toBe(1);
    await saveScreenshot(page, JOURNEY, 'forced');
  });

  it('may put it off until tomorrow with Remind me later', async () => {
    await page.getByRole('button', { name: 'Remind me later' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storageItem(page, REMINDER_KEY)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A reload on the same day is not sent back.
    await page.reload();
    await waitForHome(page);
    expect(pathOf(page)).toBe('/');
  });

  it('shows a wrong current password next to its field, keeping the rest', async () => {
    await page.goto(`${webUrl}/expiring-password`);
    await page.getByLabel('Current password').fill('not-my-password-1');
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.getByText('Current password is incorrect.').waitFor();
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe(password);
    await saveScreenshot(page, JOURNEY, 'wrong current password');
  });

  it('changes the password and is no longer sent to the page', async () => {
    await page.getByLabel('Current password').fill(seedPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your password has been changed.').waitFor();
    await waitForHome(page);
    await saveScreenshot(page, JOURNEY, 'changed');

    // Without today's dismissal the guard decides on the password alone: it is no longer expiring.
    await removeStorageItem(page, REMINDER_KEY);
    await page.reload();
    await waitForHome(page);
    expect(pathOf(page)).toBe('/');
  });
});
