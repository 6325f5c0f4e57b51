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

/** The fonts the console ships (web/src/main.tsx, docs/decisions.md): the browser tests render with these. */
export const SHIPPED_FONTS = ['Inter Variable', 'JetBrains Mono Variable'] as const;

/** Font files of the console's build: blocking them leaves the page to the system's fallback fonts. */
export const FONT_FILES = /\.woff2(\?.*)?$/;

/** Once every font the page asked for has loaded or failed: what is measured is what a reader sees. */
export async function fontsSettled(page: Page): Promise<void> {
  await page.evaluate('document.fonts.ready.then(() => true)');
}

/** Families of the web fonts the page has loaded so far (FontFace.family, quotes dropped). */
export function loadedFontFamilies(page: Page): Promise<string[]> {
  return page.evaluate(
    `[...new Set([...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/^["']|["']$/g, '')))]`,
  );
}

/** Waits for the shell to follow the window's width (React hears the media query): compact below 960 px. */
export async function layoutSettled(page: Page, width: number): Promise<void> {
  const compact = width < 960;
  await page.waitForFunction((wantCompact) => {
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
    return (
      doc.querySelector('.meridian-shell') === null ||
      (doc.querySelector('.meridian-shell-compact') !== null) === wantCompact
    );
  }, compact);
  // The navigation eases to its new width (app-shell.css): measure and picture it once it is there.
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
    const nav = doc.querySelector('.meridian-nav') as { getAnimations(): unknown[] } | null;
    return nav === null || nav.getAnimations().length === 0;
  });
}

/** The window widths every list must fit (support/widths.ts), each with what scrolls sideways at it. */
export async function overflowsAtEachWidth(page: Page): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    await layoutSettled(page, size.width);
    found.set(size.width, await horizontalOverflows(page));
  }
  return found;
}

/**
 * Waits for the screen's content, checks that nothing scrolls sideways at 1280 px or at 800 px, saves
 * screenshots at both widths and checks the wide one with axe-core (soft: the tour goes on).
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
  await fontsSettled(page);
  const overflows = await horizontalOverflows(page);
  expect.soft(overflows, `Horizontal scroll at ${WIDE.width} px on ${screen.name} (${screen.path})`).toEqual([]);
  await saveScreenshot(page, journey, screen.name);
  // Checked before the narrow picture: right after the window widens again the shell is still compact
  // until React hears the media query change, and axe would judge that in-between layout.
  const blocking = blockingViolations(await axeViolations(page), WAIVED_VIOLATIONS);
  const message = `Serious or critical accessibility violations on ${screen.name} (${screen.path}):\n${describeViolations(blocking)}`;
  expect.soft(blocking.length, message).toBe(0);
  // The narrow window: every list still fits, and its picture is saved for a person to look at.
  await page.setViewportSize(NARROW);
  await layoutSettled(page, NARROW.width);
  const narrowOverflows = await horizontalOverflows(page);
  expect
    .soft(narrowOverflows, `Horizontal scroll at ${NARROW.width} px on ${screen.name} (${screen.path})`)
    .toEqual([]);
  await saveScreenshot(page, journey, `${screen.name} ${NARROW.width}px`);
  await page.setViewportSize(WIDE);
  await layoutSettled(page, WIDE.width);
}
