import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, newPasswordFor } from './support/accounts.js';
import { waitForHome } from './support/console.js';
import { openJourney } from './support/browser.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn, submitLoginForm } from './support/sign-in.js';

const JOURNEY = 'expired-password';

/** expired@acme.test is refused at the login form, sets a new password through its link and signs in. */
describe('expired password', () => {
  const { webUrl, issuer, seedPassword } = inject('product');
  let page: Page;
  const password = newPasswordFor('expired');
  openJourney((opened) => ({ page } = opened));

  it('is refused at the login form with its message and a link to set a new password', async () => {
    await page.goto(`${webUrl}/`);
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(issuer).origin);
    await submitLoginForm(page, ACCOUNTS.expired, seedPassword);

    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Your password has expired.');
    const link = alert.getByRole('link', { name: 'Set a new password' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${webUrl}/create-password\\?token=`));
    await saveScreenshot(page, JOURNEY, 'sign-in refused');
    await link.click();
  });

  it('sets a new password on the create-password page the link leads to', async () => {
    await page.waitForURL((url) => url.origin === webUrl && url.pathname === '/create-password');
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await saveScreenshot(page, JOURNEY, 'create password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your new password is set.').waitFor();
  });

  it('signs in with the new password and reaches home', async () => {
    // The set-password page names the account and fills it in at the sign-in page (issue 39).
    await page.getByRole('button', { name: `Sign in as ${ACCOUNTS.expired}` }).click();
    await page.getByLabel('Email').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(ACCOUNTS.expired);
    await signIn(page, ACCOUNTS.expired, password);
    expect(new URL(page.url()).pathname).toBe('/');
    await waitForHome(page);
    await saveScreenshot(page, JOURNEY, 'home');
  });
});
