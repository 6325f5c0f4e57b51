import path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotDir } from './paths.js';

/** Saves the page as test-output/screenshots/<journey>--<screen>.png for a person to look at. */
export async function saveScreenshot(page: Page, journey: string, screen: string): Promise<string> {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const file = path.join(screenshotDir, `${slug(journey)}--${slug(screen)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
