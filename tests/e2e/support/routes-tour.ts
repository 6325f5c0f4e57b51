import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, blockingViolations, describeViolations, type WaivedViolation } from './axe.js';
import { saveScreenshot } from './screenshots.js';
import { horizontalOverflows, NARROW, WIDE } from './widths.js';

/** One screen of spec section 2 as a journey visits it: where, and what shows it has arrived. */
export interface TourScreen {
  name: string;
  path: string;
  /** The screen's own content (a heading or landmark), which a refusal or 404 would not show. */
  content: (page: Page) => Locator;
}

/** A heading of the given level whose accessible name matches. */
export const heading = (name: string | RegExp, level: number) => (page: Page) =>
  page.getByRole('heading', { name, level, exact: typeof name === 'string' });

/**
 * Moves the single-page console to `path` as a link inside it does (history.pushState plus the
 * popstate React Router listens to): no reload, so the tour measures screens rather than sign-in
 * restores. A path the console does not know still reaches its 404 redirect.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

/** Violations in third-party markup the console cannot change, each with its reason. */
export const WAIVED_VIOLATIONS: readonly WaivedViolation[] = [
  {
    rule: 'nested-interactive',
    target: /^li$|\.graphiql-tab/,
    html: /class="graphiql-tab[ "]/,
    reason:
      'GraphiQL 5.4 (third party) draws each editor tab as role="tab" holding its own buttons (rename, ' +
      'close); the sandbox cannot change that markup without forking GraphiQL.',
  },
];

/**
 * Waits for the screen's content, checks that nothing scrolls sideways at 1280 px, saves screenshots at
 * 1280 and 800 px and checks the wide one with axe-core (soft: the tour goes on).
 */
export async function checkScreen(page: Page, journey: string, screen: TourScreen): Promise<void> {
  await screen.content(page).first().waitFor();
  // Skeletons and spinners make axe judge placeholders: wait until nothing is busy.
  // A function, not a string: Playwright evaluates a string with eval, which the console's
  // Content-Security-Policy refuses (and reports as a violation).
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document.querySelector(
        '[aria-busy=true], .bp6-skeleton',
      ) === null,
  );
  const overflows = await horizontalOverflows(page);
  expect.soft(overflows, `Horizontal scroll at ${WIDE.width} px on ${screen.name} (${screen.path})`).toEqual([]);
  await saveScreenshot(page, journey, screen.name);
  // Checked before the narrow picture: right after the window widens again the shell is still compact
  // until React hears the media query change, and axe would judge that in-between layout.
  const blocking = blockingViolations(await axeViolations(page), WAIVED_VIOLATIONS);
  const message = `Serious or critical accessibility violations on ${screen.name} (${screen.path}):\n${describeViolations(blocking)}`;
  expect.soft(blocking.length, message).toBe(0);
  // One extra width per screen: the narrow window's picture, for a person to look at.
  await page.setViewportSize(NARROW);
  await saveScreenshot(page, journey, `${screen.name} ${NARROW.width}px`);
  await page.setViewportSize(WIDE);
  await page.locator('.meridian-shell-compact').waitFor({ state: 'detached' });
}
