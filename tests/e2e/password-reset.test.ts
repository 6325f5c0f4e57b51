import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID, newPasswordFor } from './support/accounts.js';
import { waitForHome } from './support/console.js';
import { openJourney } from './support/browser.js';
import { latestPasswordLink, mailCount } from './support/outbox.js';
import { usersOf } from './support/platform-api.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';

const JOURNEY = 'forgot-password';
const SAME_ANSWER = 'If an account exists for that email, a link to set a new password is on its way.';
const LINK_SPENT = 'This link has expired or was already used. Ask for a new one.';

/**
 * A user who forgot their password asks for a link, sets a new password with it and signs in with it.
 * A seeded user of Acme who is no demo account is used, so other journeys keep their passwords.
 */
describe('forgot password, end to end', () => {
  const { webUrl } = inject('product');
  let page: Page;
  let email: string;
  let link: string;
  const password = newPasswordFor('forgot');
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    const users = await usersOf(ACME_HEALTH_ID);
    const demo: readonly string[] = Object.values(ACCOUNTS);
    const user = users.find((u) => u.active && u.role === 'orgUser' && !demo.includes(u.email));
    if (!user) throw new Error('The seed has no generated active Org User in Acme Health');
    email = user.email;
  });

  async function requestLink(address: string) {
    await page.goto(`${webUrl}/forgot-password`);
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').waitFor();
    return page.getByRole('status').innerText();
  }

  it('answers an unknown email exactly as a known one, and mails only the known one', async () => {
    await page.goto(`${webUrl}/forgot-password`);
    await page.getByLabel('Email').waitFor();
    await expect.poll(() => page.title()).toBe('Meridian | Forgot your password?');
    await saveScreenshot(page, JOURNEY, 'form');

    const unknown = 'nobody-at-all@acme.test';
    const answerForUnknown = await requestLink(unknown);
    const mailsBefore = await mailCount(email);
    const answerForKnown = await requestLink(email);
    await saveScreenshot(page, JOURNEY, 'link sent');

    expect(answerForUnknown).toContain(SAME_ANSWER);
    expect(answerForKnown).toBe(answerForUnknown);
    expect(await mailCount(unknown)).toBe(0);
    expect(await mailCount(email)).toBe(mailsBefore + 1);
    link = await latestPasswordLink(email);
    expect(link.startsWith(`${webUrl}/create-password?token=`)).toBe(true);
  });

  it('sets a new password from the emailed link, naming the account, showing the policy as it is typed', async () => {
    await page.goto(link);
    await page.getByText(`Setting a new password for ${email}.`).waitFor();
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await page.getByLabel('New password', { exact: true }).fill('short');
    expect(await rules.locator('li[data-met="true"]').count()).toBe(1);
    await page.getByLabel('New password', { exact: true }).fill(password);
    expect(await rules.locator('li[data-met="true"]').count()).toBe(3);
    await page.getByLabel('Confirm new password').fill(password);
    await saveScreenshot(page, JOURNEY, 'create password');
    await page.getByRole('button', { name: 'Set password' }).click();

    await page.getByText('Your new password is set.').waitFor();
    await saveScreenshot(page, JOURNEY, 'password set');
  });

  it('signs in with the new password from the page’s sign-in button, the email filled in', async () => {
    await page.getByRole('button', { name: `Sign in as ${email}` }).click();
    await page.waitForURL((url) => url.origin === new URL(inject('product').issuer).origin);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await signIn(page, email, password);
    await waitForHome(page);
    await saveScreenshot(page, JOURNEY, 'signed in');
  });

  it('says at once that the link was used, in words, before anyone types a password', async () => {
    await page.goto(link);
    // Issue 39: the page asks about the link first (passwordLink), so a spent one offers no form.
    await page.getByText(LINK_SPENT).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    await saveScreenshot(page, JOURNEY, 'link spent');
  });
});
