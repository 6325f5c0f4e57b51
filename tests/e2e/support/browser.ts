import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { saveScreenshot } from './screenshots.js';

/** Debian's Chromium (apt-get install chromium; .ci/run installs it). The /usr/bin wrapper adds flags and noise. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface JourneyBrowser {
  context: BrowserContext;
  /** A new tab of the same browser (same cookies and storage: another tab of the same person). */
  newPage(): Promise<Page>;
  /**
   * Content-Security-Policy violations any page reported so far (each a line: directive, what was
   * blocked, where). takeViolations() answers them and starts a new list.
   */
  takeViolations(): string[];
  /** Closes the browser; throws if a page reported a violation nobody took. */
  close(): Promise<void>;
}

/**
 * Reports every `securitypolicyviolation` event of every page and frame to `record`: the console must
 * run under its Content-Security-Policy (web/security-headers.ts) without one.
 */
async function recordViolations(context: BrowserContext, record: (line: string) => void): Promise<void> {
  await context.exposeBinding('__meridianCspViolation', (source, line: string) =>
    record(`${line} (page ${source.page.url()})`),
  );
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    window.__meridianCspViolation(event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline code') +
      ' at ' + (event.sourceFile || 'the page') + ':' + event.lineNumber + (event.sample ? ' (' + event.sample + ')' : ''));
  });`);
}

/** How the browser presents itself: the system's colour scheme (prefers-color-scheme), light unless said. */
export interface BrowserOptions {
  colorScheme?: 'light' | 'dark';
}

/**
 * One Chromium for one journey, on a fresh user-data dir: nothing (cookies, storage, cache) carries
 * over from another journey. Console errors of the page are collected for the journey to check.
 */
export async function openBrowser({ colorScheme = 'light' }: BrowserOptions = {}): Promise<JourneyBrowser> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      colorScheme,
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    const hint = existsSync(CHROMIUM_PATH) ? '' : ` (no Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium)`;
    throw new Error(`Chromium did not start${hint}: ${String(error)}`, { cause: error });
  }
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  let violations: string[] = [];
  await recordViolations(context, (line) => violations.push(line));
  const takeViolations = () => {
    const taken = violations;
    violations = [];
    return taken;
  };
  return {
    context,
    newPage: () => context.newPage(),
    takeViolations,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
      const left = takeViolations();
      if (left.length > 0) throw new Error(`Content-Security-Policy violations:\n${left.join('\n')}`);
    },
  };
}

/** The tab a persistent context opens with (reused rather than left blank beside a new one). */
export function firstPage(browser: JourneyBrowser): Promise<Page> {
  return browser.context.pages()[0] ? Promise.resolve(browser.context.pages()[0]!) : browser.newPage();
}

/**
 * One browser for the tests of the enclosing describe block: opened (fresh profile) before them and
 * handed to `use` with its first tab, closed after them.
 */
export function openJourney(use: (journey: { browser: JourneyBrowser; page: Page }) => void): void {
  let browser: JourneyBrowser | undefined;
  beforeAll(async () => {
    browser = await openBrowser();
    use({ browser, page: await firstPage(browser) });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && browser) await recordFailure(browser, task.name);
    // The console runs under its Content-Security-Policy without a single violation, in every test.
    expect(browser?.takeViolations() ?? []).toEqual([]);
  });
  afterAll(() => browser?.close());
}

/**
 * What each tab showed when a test failed: a screenshot (failed-<test>--tab-<n>.png) and, in the log CI keeps, its
 * URL, headings and the start of its text, so a failure on another machine can be read without running it again.
 */
async function recordFailure(browser: JourneyBrowser, test: string): Promise<void> {
  for (const [index, page] of browser.context.pages().entries()) {
    const headings = await page
      .getByRole('heading')
      .allInnerTexts()
      .catch(() => []);
    // The page's words too (a signed-out screen says why), cut short: enough to tell causes apart.
    const text = await page
      .locator('body')
      .innerText({ timeout: 2000 })
      .catch(() => '');
    console.info(
      `[e2e] ${test}: tab ${index + 1} at ${page.url()}; headings: ${headings.join(' | ') || 'none'}; text: ${text.replace(/\s+/g, ' ').slice(0, 300)}`,
    );
    await saveScreenshot(page, `failed ${test}`, `tab ${index + 1}`).catch(() => undefined);
  }
}
