import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID } from './support/accounts.js';
import { openJourney } from './support/browser.js';
import { profileUrl, waitForHome } from './support/console.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';

const JOURNEY = 'credential-banner';

/** banner@acme.test's only enabled credential expires in 2 days: the red banner of spec section 4. */
describe('data-access credential banner', () => {
  const { seedPassword } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  it('shows the red banner with its text and link inside the shell', async () => {
    await signIn(page, ACCOUNTS.banner, seedPassword);
    await waitForHome(page);
    await page.goto(profileUrl(ACME_HEALTH_ID, ACCOUNTS.banner));

    const banner = page.getByRole('alert').filter({ hasText: 'Your Data Access Credential will expire in 2 days.' });
    await banner.waitFor();
    expect(await banner.getAttribute('class')).toMatch(/intent-danger/);
    const link = banner.getByRole('link', { name: 'Get New Credential' });
    expect(await link.getAttribute('href')).toBe(
      `/admin/org-management/${ACME_HEALTH_ID}/users/${encodeURIComponent(ACCOUNTS.banner)}/profile/credentials`,
    );
    await saveScreenshot(page, JOURNEY, 'red banner');
  });

  it('stays hidden for the rest of the day once dismissed', async () => {
    await page.getByRole('button', { name: 'Dismiss the credential reminder for today' }).click();
    expect(await page.getByText('Your Data Access Credential will expire in 2 days.').count()).toBe(0);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.getByText('Your Data Access Credential will expire in 2 days.').count()).toBe(0);
  });
});
