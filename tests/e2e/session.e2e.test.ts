import { MESSAGES } from '@meridian/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACME_HEALTH_ID } from './support/accounts.js';
import { openJourney, type JourneyBrowser } from './support/browser.js';
import { APOLLO_CACHE_KEY, oidcUserKey, profileUrl, waitForHome } from './support/console.js';
import { endSessionUrl, revokeRefreshToken, storedOidcUser } from './support/provider-session.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn, submitLoginForm } from './support/sign-in.js';
import { originStorage, storageItem } from './support/storage.js';
import { createOrgUser, setUserActive, type NewUser } from './support/user-admin.js';

const JOURNEY = 'session';

/** Users of this journey only (it deactivates and signs them out); Org Users of Acme Health. */
const FIRST: NewUser = { email: 'e2e.session.first@acme.test', name: 'Sam Session', password: 'e2e-session-first-1' };
const SECOND: NewUser = {
  email: 'e2e.session.second@acme.test',
  name: 'Sid Session',
  password: 'e2e-session-second-1',
};

/** Issue 4: a session ended elsewhere signs the console out within 60 s (the watch asks every 30 s). */
const SESSION_ENDED_WITHIN_MS = 60_000;
const SIGNED_OUT_ELSEWHERE = 'Your session ended because you signed out elsewhere.';
const IDLE_TIMEOUT_MINUTES = 2;
const IDLE_SIGNED_OUT = `You were signed out after ${IDLE_TIMEOUT_MINUTES} minutes without activity.`;

/** The error toast of a refused route (spec section 4): title Error, the permission message. */
function permissionToast(page: Page) {
  return page.locator('.meridian-toast-body[data-toast-type="error"]', { hasText: MESSAGES.permissionDenied });
}

/** Waits for the console's signed-out screen and checks it says `message`. */
async function signedOutScreen(page: Page, message: string, timeout = 15_000): Promise<void> {
  await page.getByRole('heading', { name: 'You have been signed out' }).waitFor({ timeout });
  expect(await page.getByRole('main').getByRole('alert').textContent()).toBe(message);
}

/** Nothing of `email` is left in the console's storage of this browser (keys or values). */
async function nothingLeftOf(browser: JourneyBrowser, email: string): Promise<void> {
  const storage = await originStorage(browser.context, inject('product').webUrl);
  expect(JSON.stringify(storage)).not.toContain(email);
}

/** Signed out for good in this browser: no stored user, nothing of `email` left. */
async function signedOutFor(browser: JourneyBrowser, email: string): Promise<void> {
  const storage = await originStorage(browser.context, inject('product').webUrl);
  expect(Object.keys(storage)).not.toContain(oidcUserKey());
  await nothingLeftOf(browser, email);
}

/** From the signed-out screen (or any console page with no provider session): the login form. */
async function signInAgain(page: Page, user: NewUser): Promise<void> {
  const { issuer, webUrl } = inject('product');
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await page.waitForURL((url) => url.origin === new URL(issuer).origin);
  await page.getByLabel('Email').waitFor();
  await submitLoginForm(page, user.email, user.password);
  await page.waitForURL((url) => url.origin === new URL(webUrl).origin && !url.pathname.startsWith('/auth/'));
  await waitForHome(page);
}

type AuthBroadcast = { type: string; reason?: string };

/**
 * Records the messages the console's other tabs broadcast on its auth channel (spec section 4), as
 * `page` receives them; the list outlives the page's navigations (the tab leaves for the provider).
 */
async function recordAuthBroadcasts(page: Page): Promise<AuthBroadcast[]> {
  const received: AuthBroadcast[] = [];
  await page.exposeBinding('__recordAuthBroadcast', (_source, message: AuthBroadcast) => {
    received.push(message);
  });
  await page.evaluate(`(() => {
    const channel = new BroadcastChannel('meridian-auth');
    channel.onmessage = (event) => window.__recordAuthBroadcast(event.data);
    window.__authRecorder = channel;
  })()`);
  return received;
}

/** Seconds the idle warning counts down from, as it says them. */
async function idleWarningSeconds(page: Page): Promise<number> {
  const text = await page.getByRole('timer').textContent();
  const match = /You will be signed out in (\d+) seconds? because there has been no activity\./.exec(text ?? '');
  if (!match) throw new Error(`Unexpected idle warning: ${text}`);
  return Number(match[1]);
}

beforeAll(async () => {
  await createOrgUser(ACME_HEALTH_ID, FIRST);
  await createOrgUser(ACME_HEALTH_ID, SECOND);
});

/**
 * The session rules of issue 4 no other journey covers: the permission guard's toast, the logout
 * broadcast, the cache purge between users, sessions ended elsewhere (deactivated, signed out at the
 * provider, refresh token revoked) and the idle sign-out across tabs.
 */
describe('session rules', () => {
  const { webUrl, issuer } = inject('product');
  let browser: JourneyBrowser;
  let page: Page;
  openJourney((opened) => ({ browser, page } = opened));

  // Whatever failed, the journey's users end active.
  afterAll(() => setUserActive(FIRST.email, true).catch(() => undefined));

  it('sends an Org User who types an admin path home with the permission toast', async () => {
    await signIn(page, FIRST.email, FIRST.password);
    await waitForHome(page);
    for (const path of ['/admin/org-management', '/analytics']) {
      await page.goto(`${webUrl}${path}`);
      await permissionToast(page).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await permissionToast(page).locator('.meridian-toast-title').textContent()).toBe('Error');
      await waitForHome(page);
    }
    await saveScreenshot(page, JOURNEY, 'permission denied');
  });

  it('removes the user of another tab when one tab logs out (BroadcastChannel)', async () => {
    const otherTab = await browser.newPage();
    await otherTab.goto(profileUrl(ACME_HEALTH_ID, FIRST.email));
    await otherTab.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    const broadcasts = await recordAuthBroadcasts(otherTab);

    await page.bringToFront();
    await page.goto(profileUrl(ACME_HEALTH_ID, FIRST.email));
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByRole('button', { name: /^Profile menu for / }).click();
    await page.getByRole('menu', { name: 'Profile' }).getByRole('menuitem', { name: 'Logout' }).click();

    // The other tab lets go of its user at once (its protected content goes) and ends at the login form.
    await otherTab.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'detached' });
    await otherTab.waitForURL((url) => url.origin === new URL(issuer).origin);
    await otherTab.getByLabel('Email').waitFor();
    // First told to let go (the logging-out tab is on its way to the provider), then that it is done.
    const types = broadcasts.map((message) => message.type);
    expect(types[0]).toBe('signing-out');
    await expect.poll(() => broadcasts.map((message) => message.type)).toContain('logout');
    await page.getByLabel('Email').waitFor();
    await signedOutFor(browser, FIRST.email);
    await otherTab.close();
  });

  it('shows the next user none of the previous user’s data', async () => {
    await submitLoginForm(page, SECOND.email, SECOND.password);
    await waitForHome(page);
    await expect.poll(() => storageItem(page, APOLLO_CACHE_KEY)).toContain(SECOND.email);
    await nothingLeftOf(browser, FIRST.email);
    expect(await page.getByText(FIRST.email).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Profile menu for ${SECOND.name}` }).count()).toBeGreaterThan(0);
  });

  it('purges the previous user’s cache when another user signs in without a sign-out', async () => {
    // The session is lost without this browser signing out (storage and cookies cleared behind its back):
    // the cache of the second user stays behind for whoever signs in next.
    expect(await storageItem(page, APOLLO_CACHE_KEY)).toContain(SECOND.email);
    await page.evaluate(`localStorage.removeItem(${JSON.stringify(oidcUserKey())})`);
    await browser.context.clearCookies();
    await page.goto(`${webUrl}/`);
    await signIn(page, FIRST.email, FIRST.password);
    await waitForHome(page);
    await expect.poll(() => storageItem(page, APOLLO_CACHE_KEY)).toContain(FIRST.email);
    await nothingLeftOf(browser, SECOND.email);
  });

  it(
    'signs out a user deactivated by an operator within 60 s, saying why',
    async () => {
      const started = Date.now();
      await setUserActive(FIRST.email, false);
      try {
        await signedOutScreen(page, MESSAGES.inactiveUser, SESSION_ENDED_WITHIN_MS);
        console.info(`[e2e] deactivated user signed out after ${Date.now() - started} ms`);
        await saveScreenshot(page, JOURNEY, 'deactivated');
        await signedOutFor(browser, FIRST.email);
      } finally {
        await setUserActive(FIRST.email, true);
      }
    },
    SESSION_ENDED_WITHIN_MS + 30_000,
  );

  it(
    'signs out within 60 s when the user signed out at the provider elsewhere',
    async () => {
      // The provider still has the first user's session (the console ended only its own).
      await browser.context.clearCookies();
      await signInAgain(page, SECOND);
      const idToken = (await storedOidcUser(page))?.id_token;
      expect(idToken).toBeTruthy();

      // Another application's tab signs the user out at the provider (RP-initiated logout).
      const elsewhere = await browser.newPage();
      await elsewhere.goto(await endSessionUrl(idToken!));
      await elsewhere.getByText('You have signed out of Meridian.').waitFor();
      const started = Date.now();
      await elsewhere.close();
      await page.bringToFront();

      await signedOutScreen(page, SIGNED_OUT_ELSEWHERE, SESSION_ENDED_WITHIN_MS);
      console.info(`[e2e] provider sign-out noticed after ${Date.now() - started} ms`);
      await saveScreenshot(page, JOURNEY, 'signed out elsewhere');
      await signedOutFor(browser, SECOND.email);
    },
    SESSION_ENDED_WITHIN_MS + 30_000,
  );

  it(
    'signs out within 60 s when the refresh token is revoked',
    async () => {
      await signInAgain(page, SECOND);
      const refreshToken = (await storedOidcUser(page))?.refresh_token;
      expect(refreshToken).toBeTruthy();
      const started = Date.now();
      await revokeRefreshToken(refreshToken!);

      await signedOutScreen(page, SIGNED_OUT_ELSEWHERE, SESSION_ENDED_WITHIN_MS);
      console.info(`[e2e] revoked refresh token noticed after ${Date.now() - started} ms`);
      await signedOutFor(browser, SECOND.email);
    },
    SESSION_ENDED_WITHIN_MS + 30_000,
  );
});

/**
 * Tabs whose renewals coincide (a laptop waking up fires every tab's session check at once), in a
 * browser of its own with its clock under the test's control. Each renewal rotates the refresh token,
 * and the provider revokes the grant when one is used twice: before the console's refresh-token
 * ledger, a tab taking its turn could still read the token the tab before it had just rotated, and
 * every tab was signed out "elsewhere" within a few rounds.
 */
describe('tabs renewing at once', () => {
  const { webUrl, issuer } = inject('product');
  const ROUNDS = 20;
  let browser: JourneyBrowser;
  openJourney((opened) => ({ browser } = opened));

  it(`stay signed in over ${ROUNDS} rounds of simultaneous refreshes, each with the newest token`, async () => {
    const refreshTokensSent: string[] = [];
    browser.context.on('request', (request) => {
      if (!request.url().startsWith(`${issuer}/token`) || request.method() !== 'POST') return;
      const body = new URLSearchParams(request.postData() ?? '');
      if (body.get('grant_type') === 'refresh_token') refreshTokensSent.push(body.get('refresh_token') ?? '');
    });
    await browser.context.clock.install();
    const first = await browser.newPage();
    await signIn(first, FIRST.email, FIRST.password);
    await waitForHome(first);
    const second = await browser.newPage();
    await second.goto(webUrl);
    await waitForHome(second);
    const tabs = [first, second];
    const signedOut = (tab: Page) => tab.getByRole('heading', { name: 'You have been signed out' });

    for (let round = 1; round <= ROUNDS; round += 1) {
      // One session-check interval: each tab's timer fires at the same moment.
      await browser.context.clock.fastForward(30_000);
      // Activity, so the idle sign-out stays away.
      for (const tab of tabs) await tab.mouse.move(10 + round, 10);
      await first.waitForTimeout(300);
      for (const tab of tabs) expect(await signedOut(tab).count(), `signed out in round ${round}`).toBe(0);
    }
    // Renewals happened (each tab's each round, unless a check was still under way on a slow machine).
    await expect.poll(() => refreshTokensSent.length).toBeGreaterThanOrEqual(ROUNDS);
    // Each refresh token was sent once: none reused, so the provider had nothing to revoke.
    expect(new Set(refreshTokensSent).size).toBe(refreshTokensSent.length);
    await waitForHome(second);
  });
});

/**
 * The idle sign-out across tabs, in a browser of its own: the clock it installs and the activity it
 * counts must not reach, or come from, the tabs the other session rules left open.
 */
describe('idle sign-out', () => {
  const { webUrl, issuer } = inject('product');
  let browser: JourneyBrowser;
  openJourney((opened) => ({ browser } = opened));

  it('warns a minute before the idle sign-out, counts activity of every tab, then signs out saying why', async () => {
    // A short idle timeout for this browser (the served config.json with idleTimeoutMinutes changed)
    // and the page's clock under the test's control (it flows on its own; fastForward jumps).
    await browser.context.route(`${webUrl}/config.json`, async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, idleTimeoutMinutes: IDLE_TIMEOUT_MINUTES } });
    });
    await browser.context.clock.install();
    await browser.context.clearCookies();
    const idleTab = await browser.newPage();
    await signIn(idleTab, FIRST.email, FIRST.password);
    await waitForHome(idleTab);
    const busyTab = await browser.newPage();
    await busyTab.goto(profileUrl(ACME_HEALTH_ID, FIRST.email));
    // The profile drawn before the clock jumps, so nothing arrives under the pointer later.
    await busyTab.getByRole('heading', { name: FIRST.name }).waitFor();
    const clock = browser.context.clock;
    const warning = (tab: Page) => tab.getByRole('dialog', { name: 'Are you still there?' });

    // Activity in the busy tab only, 50 s in. The clock moves on only once the tab has recorded it for
    // the others: Chromium may deliver pointer moves a frame later, and under the next jump it would
    // count as activity 55 s later.
    await clock.fastForward(50_000);
    const sharedActivity = () =>
      busyTab.evaluate(() =>
        Number(
          (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(
            'meridian.lastActivity',
          ),
        ),
      );
    const before = await sharedActivity();
    await busyTab.mouse.move(10, 10);
    await busyTab.mouse.move(300, 200);
    await expect.poll(sharedActivity).toBeGreaterThan(before);

    // 105 s after the idle tab's last own activity, 55 s after the busy tab's: no warning yet.
    await clock.fastForward(55_000);
    await idleTab.waitForTimeout(1500);
    expect(await warning(idleTab).count()).toBe(0);

    // 65 s after the last activity anywhere: the warning, counting down the last minute.
    await clock.fastForward(10_000);
    await warning(idleTab).waitFor();
    const secondsLeft = await idleWarningSeconds(idleTab);
    expect(secondsLeft).toBeGreaterThan(45);
    expect(secondsLeft).toBeLessThanOrEqual(55);
    await warning(busyTab).waitFor();
    await saveScreenshot(idleTab, JOURNEY, 'idle warning');

    // The timeout passes: every tab is signed out and says why.
    await clock.fastForward(60_000);
    await signedOutScreen(idleTab, IDLE_SIGNED_OUT, 30_000);
    // Both tabs went idle at once; one signed out at the provider, the other only here (two at the
    // provider's end-session page at once would leave one on its error page).
    await signedOutScreen(busyTab, IDLE_SIGNED_OUT, 30_000);
    await saveScreenshot(idleTab, JOURNEY, 'idle signed out');
    await signedOutFor(browser, FIRST.email);
    // Signed out at the provider too: signing in again asks for the password.
    await idleTab.getByRole('button', { name: 'Sign in again' }).click();
    await idleTab.waitForURL((url) => url.origin === new URL(issuer).origin);
    await idleTab.getByLabel('Email').waitFor();
  });
});
