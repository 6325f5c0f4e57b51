import type { Page } from 'playwright-core';
import { APOLLO_CACHE_KEY } from '../e2e/support/console.js';
import { submitLoginForm } from '../e2e/support/sign-in.js';

// Page scripts are strings: the tests are compiled without the DOM library.

/** What "content" means on each measured page: a CSS selector, and text its element must start with. */
export interface ContentProbe {
  id: string;
  selector: string;
  textStartsWith?: string;
}

/** Home with the signed-in user's data: the greeting names them (before, it names the product). */
export const HOME_CONTENT: ContentProbe = {
  id: 'home',
  selector: '.meridian-home-greeting',
  textStartsWith: 'Welcome, ',
};
/** A list's first rows: the table no longer busy (skeleton rows gone) with a row in its body. */
export const ORGANIZATION_ROWS: ContentProbe = {
  id: 'organizations',
  selector: '.meridian-organizations-table[aria-busy="false"] tbody tr',
};
export const USER_ROWS: ContentProbe = {
  id: 'users',
  selector: '.meridian-users-table[aria-busy="false"] tbody tr[data-testid="user-row"]',
};

/** The mark the console sets when the session user is first known (web/src/session/SessionUserProvider.tsx). */
const SESSION_USER_MARK = 'meridian:session-user';
/** Spec section 4: the loading screen stays this long after the user has loaded. */
export const LOADING_DELAY_MS = 500;

/**
 * Runs in every page before its own scripts: a MutationObserver notes, by the page's clock (ms since the
 * navigation started), the first moment each probe's element is in the DOM. Playwright's own waiting
 * polls, and a round trip to read the clock would add its latency to the figure.
 */
export function contentObserverScript(probes: readonly ContentProbe[]): string {
  return `(() => {
  const probes = ${JSON.stringify(probes)};
  const seen = (window.__benchContent = {});
  const check = () => {
    for (const probe of probes) {
      if (probe.id in seen) continue;
      const element = document.querySelector(probe.selector);
      if (element && (!probe.textStartsWith || (element.textContent || '').startsWith(probe.textStartsWith))) {
        seen[probe.id] = performance.now();
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;
}

/** One measured load of a page. */
export interface LoadTiming {
  /** Navigation start to the probe's content, ms. */
  contentMs: number;
  /** Content after the loading delay ended (session user known + 500 ms); null without the console's mark. */
  afterDelayMs: number | null;
}

/** Waits for `probe` on the current load and reads its timing from the page. */
export async function contentTiming(page: Page, probe: ContentProbe, timeoutMs = 30_000): Promise<LoadTiming> {
  const contentMs = (await (
    await page.waitForFunction(`window.__benchContent && window.__benchContent[${JSON.stringify(probe.id)}]`, null, {
      timeout: timeoutMs,
    })
  ).jsonValue()) as number;
  const sessionUserMs = await page.evaluate<number | null>(
    `performance.getEntriesByName(${JSON.stringify(SESSION_USER_MARK)})[0]?.startTime ?? null`,
  );
  return {
    contentMs,
    afterDelayMs: sessionUserMs === null ? null : contentMs - (sessionUserMs + LOADING_DELAY_MS),
  };
}

/** Signs in through the provider's real login form from a blank tab; ends on home with its content. */
export async function signInFromBlank(page: Page, webUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${webUrl}/`);
  await page.getByLabel('Email').waitFor();
  await submitLoginForm(page, email, password);
  await contentTiming(page, HOME_CONTENT);
}

/**
 * "Cold" but signed in: the HTTP cache emptied and every localStorage entry but the signed-in user's
 * (oidc-client-ts's `oidc.*`) removed, the persisted Apollo cache included. Done from a same-origin page
 * that is not the console (config.json), so no console is running to persist its cache again.
 */
export async function makeCold(page: Page, webUrl: string): Promise<void> {
  await page.goto(`${webUrl}/config.json`);
  await page.evaluate(
    `for (const key of Object.keys(localStorage)) if (!key.startsWith('oidc.')) localStorage.removeItem(key);`,
  );
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await cdp.detach();
  }
}

/**
 * Waits until the console has persisted its cache with `expected` in it (throttled at 100 ms), then a
 * little more for the write to settle.
 */
export async function untilPersisted(page: Page, expected: string): Promise<void> {
  await page.waitForFunction(
    `(localStorage.getItem(${JSON.stringify(APOLLO_CACHE_KEY)}) || '').includes(${JSON.stringify(expected)})`,
    null,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
}

/**
 * The console's asset files (`assets/…`) the page requests from now until `until` settles and then
 * `quietMs` pass without a new one; `beforeContent` are those requested before `until` settled.
 */
export async function requestedAssets(
  page: Page,
  webUrl: string,
  until: () => Promise<unknown>,
  quietMs = 1500,
): Promise<{ beforeContent: string[]; all: string[] }> {
  const requested: string[] = [];
  let lastAt = Date.now();
  const onRequest = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.origin === new URL(webUrl).origin && url.pathname.startsWith('/assets/')) {
      requested.push(url.pathname.slice(1));
      lastAt = Date.now();
    }
  };
  page.on('request', onRequest);
  try {
    await until();
    const beforeContent = [...requested];
    const deadline = Date.now() + 10_000;
    while (Date.now() - lastAt < quietMs && Date.now() < deadline) await page.waitForTimeout(100);
    return { beforeContent, all: [...new Set(requested)] };
  } finally {
    page.off('request', onRequest);
  }
}
