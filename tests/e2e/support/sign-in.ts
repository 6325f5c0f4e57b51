import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Goes through the provider's real sign-in, identifier first: the email ("Email", "Continue"), then the
 * password ("Password", "Sign in"). The page must show the first step already.
 */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in as a person does and waits until the browser is back on the console past its sign-in
 * callback. From a blank tab it opens the console first; otherwise the page must be on the login form
 * or on its way there (the console sends a signed-out browser to the provider).
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const { webUrl, issuer } = inject('product');
  const consoleOrigin = new URL(webUrl).origin;
  const issuerOrigin = new URL(issuer).origin;
  if (page.url() === 'about:blank') await page.goto(`${webUrl}/`);
  await page.waitForURL((url) => url.origin === issuerOrigin);
  await page.getByLabel('Email').waitFor();
  await submitLoginForm(page, email, password);
  await page.waitForURL((url) => url.origin === consoleOrigin && !url.pathname.startsWith('/auth/'));
}
