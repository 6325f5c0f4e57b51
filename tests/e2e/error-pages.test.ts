import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openJourney } from './support/browser.js';
import { saveScreenshot } from './support/screenshots.js';

const JOURNEY = 'error-pages';
const NOT_FOUND_HEADING = 'Looks like the page you’re looking for is no longer here or may have moved.';

/** The 404 and error pages of spec section 2 (public: no sign-in needed). */
describe('404 and error pages', () => {
  const { webUrl } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  it('sends an unknown path to the 404 page, with its heading, image and links', async () => {
    await page.goto(`${webUrl}/forgot-password`);
    await page.getByLabel('Email').waitFor();
    await page.goto(`${webUrl}/no/such/page`);
    await page.getByRole('heading', { name: NOT_FOUND_HEADING }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    expect(await page.getByRole('img').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Visit Homepage' }).getAttribute('href')).toBe('/');
    // The shell is not there.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await saveScreenshot(page, JOURNEY, 'not found');
  });

  it('goes one step back with Go Back', async () => {
    // Spec section 2 calls it a link; a button that goes one step back reads the same to a user.
    await page
      .getByRole('link', { name: 'Go Back' })
      .or(page.getByRole('button', { name: 'Go Back' }))
      .click();
    await page.waitForURL(`${webUrl}/forgot-password`);
  });

  it('shows the default message on the error page', async () => {
    await page.goto(`${webUrl}/error`);
    await page.getByRole('heading', { name: 'Something went wrong!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Visit Homepage' }).getAttribute('href')).toBe('/');
    await saveScreenshot(page, JOURNEY, 'error');
  });
});
