import { readFile } from 'node:fs/promises';
import { MESSAGES } from '@meridian/schema';
import path from 'node:path';
import { generate } from 'otplib';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID } from './support/accounts.js';
import { firstPage, openBrowser, openJourney, type JourneyBrowser } from './support/browser.js';
import { profileUrl, waitForHome } from './support/console.js';
import { webDir } from './support/paths.js';
import { storedOidcUser } from './support/provider-session.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn, submitLoginForm } from './support/sign-in.js';
import { createOrgUser, ensureRoomForOneUser, setOrganizationRequireMfa, type NewUser } from './support/user-admin.js';
import { horizontalOverflows, NARROW, WIDE } from './support/widths.js';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.js';

const JOURNEY = 'second-factor';

/** This journey's own Org User of Acme Health: it enrolls factors and is signed out everywhere. */
const PERSON: NewUser = { email: 'e2e.mfa.person@acme.test', name: 'Mia Factor', password: 'e2e-mfa-person-1' };

/** Issue 29: ending a session ends its access tokens within a second, at every gateway. */
const REVOKED_WITHIN_MS = 1000;

const WRONG_CODE =
  'That code is not right. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.';

const onIssuer = (url: URL) => url.origin === new URL(inject('product').issuer).origin;
const onConsole = (url: URL) =>
  url.origin === new URL(inject('product').webUrl).origin && !url.pathname.startsWith('/auth/');

/** The console's sign-out (profile menu → Logout), back to the provider's sign-in form. */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Profile menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(onIssuer);
  await page.getByLabel('Email').waitFor();
}

/** The password step of a sign-in from the provider's form; the second step follows. */
async function passwordStep(page: Page, user: NewUser): Promise<void> {
  await submitLoginForm(page, user.email, user.password);
  await page.getByRole('heading', { name: /Set up a second factor|Confirm it’s you/ }).waitFor();
}

/** Types a code at the second step and submits it. */
async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Chromium's virtual authenticator on `page` (CDP WebAuthn): a platform authenticator that holds
 * discoverable credentials and verifies the user without asking, as a laptop's fingerprint reader would.
 */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/**
 * How the sessions table lays out at the page's width: each visible Browser cell's width and words,
 * and the cells of any row that do not line up with their column's header (left and right edges).
 */
async function sessionsTableLayout(
  page: Page,
): Promise<{ browsers: { width: number; text: string }[]; misaligned: string[] }> {
  // An expression rather than a function: the tests are compiled without the DOM library.
  return page.evaluate(`(() => {
    const table = document.querySelector('.meridian-sessions-table');
    const visible = (cells) => [...cells].filter((cell) => cell.getBoundingClientRect().width > 0);
    const headers = visible(table.querySelectorAll('thead th')).map((cell) => cell.getBoundingClientRect());
    const misaligned = [];
    const rows = [...table.querySelectorAll('tbody tr')];
    rows.forEach((row, r) => {
      const cells = visible(row.children).map((cell) => cell.getBoundingClientRect());
      if (cells.length !== headers.length) misaligned.push('row ' + r + ': ' + cells.length + ' cells under ' + headers.length + ' headers');
      cells.forEach((cell, c) => {
        const header = headers[c];
        if (header && (Math.abs(cell.left - header.left) > 1 || Math.abs(cell.right - header.right) > 1))
          misaligned.push('row ' + r + ' cell ' + c + ': ' + cell.left + '–' + cell.right + ' under ' + header.left + '–' + header.right);
      });
    });
    const browsers = rows.map((row) => {
      const cell = row.querySelector('th[scope=row]');
      const name = cell.querySelector('.meridian-cell-truncate');
      return { width: Math.round(name.getBoundingClientRect().width), text: name.textContent };
    });
    return { browsers, misaligned };
  })()`);
}

/**
 * The console's own session check (a trusted document, sent by its hash as the console sends it), with
 * this access token: the gateway's HTTP status.
 */
async function sessionCheckStatus(accessToken: string): Promise<number> {
  const documents = JSON.parse(await readFile(path.join(webDir, 'src/gql/persisted-documents.json'), 'utf8')) as Record<
    string,
    string
  >;
  const hash = Object.keys(documents).find((key) => documents[key]!.startsWith('query SessionCheck '));
  const response = await fetch(inject('product').gatewayUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      operationName: 'SessionCheck',
      extensions: { persistedQuery: { version: 1, sha256Hash: hash!.replace(/^sha256:/, '') } },
    }),
  });
  return response.status;
}

describe('second factors: required by an operator, enrolled, used, and sessions ended everywhere', () => {
  const { seedPassword, webUrl } = inject('product');
  let page: Page;
  let browser: JourneyBrowser;
  /** The person's own browser (the journey's is the operator's). */
  let person: JourneyBrowser;
  let personPage: Page;
  let totpKey = '';
  let recoveryCodes: string[] = [];
  let lastCode = '';

  openJourney((opened) => ({ page, browser } = opened));

  beforeAll(async () => {
    await ensureRoomForOneUser(ACME_HEALTH_ID);
    await createOrgUser(ACME_HEALTH_ID, PERSON);
    person = await openBrowser();
    personPage = await firstPage(person);
  });

  afterAll(async () => {
    // Later journeys sign Acme Health's seeded users in with a password alone.
    await setOrganizationRequireMfa(ACME_HEALTH_ID, false);
    await person?.close();
  });

  it('an operator requires a second factor for Acme Health on its Sign-in tab, told how many must enroll', async () => {
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await page.goto(`${webUrl}/admin/org-management/${ACME_HEALTH_ID}/update/sign-in`);
    const toggle = page.getByRole('checkbox', { name: 'Require a second factor' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check({ force: true });
    await page.getByRole('button', { name: 'Save second factor' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Require a second factor?' });
    await dialog.getByText(/\d+ people of Acme Health have no second factor yet and will have to set one up/).waitFor();
    await dialog.getByRole('button', { name: 'Require a second factor' }).click();
    await page.locator('.meridian-toast-body', { hasText: 'Acme Health now requires a second factor.' }).waitFor();
    // Saved: the switch stays on, and the form has nothing left to save.
    expect(await toggle.isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save second factor' }).isDisabled()).toBe(true);
  });

  it('its user must set up an authenticator app before reaching the console, and sees ten recovery codes once', async () => {
    await personPage.goto(`${webUrl}/`);
    await personPage.waitForURL(onIssuer);
    await personPage.getByLabel('Email').waitFor();
    await passwordStep(personPage, PERSON);
    await personPage.getByRole('heading', { name: 'Set up a second factor' }).waitFor();
    await saveScreenshot(personPage, JOURNEY, 'enrollment');
    totpKey = ((await personPage.locator('#totp-key').textContent()) ?? '').replace(/\s+/g, '');
    expect(totpKey).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await personPage.locator('#totp-uri').textContent()).toContain(`secret=${totpKey}`);
    // A wrong first code confirms nothing.
    await personPage.getByLabel('Code from the app').fill('000000');
    await personPage.getByRole('button', { name: 'Confirm' }).click();
    await personPage.getByRole('alert').waitFor();
    lastCode = await generate({ secret: totpKey });
    await personPage.getByLabel('Code from the app').fill(lastCode);
    await personPage.getByRole('button', { name: 'Confirm' }).click();

    await personPage.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    recoveryCodes = await personPage.getByRole('list', { name: 'Recovery codes' }).locator('code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    // Issue 39. Copy: the provider's own script puts the ten codes on the clipboard.
    await person.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(inject('product').issuer).origin,
    });
    await personPage.getByRole('button', { name: 'Copy' }).click();
    await personPage.getByText('The codes are copied. Paste them somewhere safe.').waitFor();
    const copied = await personPage.evaluate<string>('navigator.clipboard.readText()');
    expect(copied.trim().split('\n')).toEqual(recoveryCodes);
    // Download (.txt): a link the page's CSP allows, the same ten codes in the file.
    const [download] = await Promise.all([
      personPage.waitForEvent('download'),
      personPage.getByRole('link', { name: 'Download (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-recovery-codes\.txt$/);
    const file = await readFile(await download.path(), 'utf8');
    expect(file).toContain(`recovery codes for ${PERSON.email}`);
    expect(file.trim().split('\n').slice(-10)).toEqual(recoveryCodes);
    // Continue without "I have saved these codes": the browser keeps the person on the page.
    const saved = personPage.getByRole('checkbox', { name: 'I have saved these codes' });
    await personPage.getByRole('button', { name: 'Continue' }).click();
    expect(await personPage.locator('input[name="saved"]:invalid').count()).toBe(1);
    expect(onIssuer(new URL(personPage.url()))).toBe(true);
    await personPage.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await saveScreenshot(personPage, JOURNEY, 'recovery codes');
    await saved.check();
    await personPage.getByRole('button', { name: 'Continue' }).click();
    await personPage.waitForURL(onConsole);
    await waitForHome(personPage);
  });

  it('signs in again with a code: a wrong code is refused in words, the same code is never taken twice', async () => {
    await logOut(personPage);
    await passwordStep(personPage, PERSON);
    await personPage.getByRole('heading', { name: 'Confirm it’s you' }).waitFor();
    await enterCode(personPage, '123456' === lastCode ? '654321' : '123456');
    expect(await personPage.getByRole('alert').textContent()).toContain(WRONG_CODE);
    // The code that confirmed the app was spent: it does not sign in, whatever the clock says.
    await enterCode(personPage, lastCode);
    expect(await personPage.getByRole('alert').textContent()).toContain(WRONG_CODE);

    // A recovery code signs in once.
    await enterCode(personPage, recoveryCodes[0]!);
    await personPage.waitForURL(onConsole);
    await waitForHome(personPage);
    await logOut(personPage);
    await passwordStep(personPage, PERSON);
    await enterCode(personPage, recoveryCodes[0]!);
    expect(await personPage.getByRole('alert').textContent()).toContain(WRONG_CODE);
    await enterCode(personPage, recoveryCodes[1]!);
    await personPage.waitForURL(onConsole);
    await waitForHome(personPage);
  });

  it('adds a passkey on the sign-in service’s account page, then signs in with it instead of a code', async () => {
    await addVirtualAuthenticator(personPage);
    await personPage.goto(profileUrl(ACME_HEALTH_ID, PERSON.email, 'security'));
    await personPage.getByRole('link', { name: 'Manage second factors' }).click();
    await personPage.waitForURL(onIssuer);
    await personPage.getByRole('heading', { name: 'Sign-in security' }).waitFor();
    await personPage.getByLabel(/Passkey name/).fill('Journey laptop');
    await personPage.getByRole('button', { name: 'Add a passkey' }).click();
    await personPage.getByRole('button', { name: 'Remove passkey Journey laptop' }).waitFor();
    await saveScreenshot(personPage, JOURNEY, 'account page with a passkey');
    await personPage.getByRole('link', { name: 'Back to the console' }).click();
    await personPage.waitForURL(onConsole);

    await personPage.goto(`${webUrl}/`);
    await waitForHome(personPage);
    await logOut(personPage);
    await passwordStep(personPage, PERSON);
    await personPage.getByRole('button', { name: 'Use a passkey' }).click();
    await personPage.waitForURL(onConsole);
    await waitForHome(personPage);
  });

  it('confirms it’s them with the passkey on the account page, as a change of factors asks after 5 minutes', async () => {
    await personPage.goto(profileUrl(ACME_HEALTH_ID, PERSON.email, 'security'));
    await personPage.getByRole('link', { name: 'Manage second factors' }).click();
    await personPage.waitForURL(onIssuer);
    await personPage.getByRole('heading', { name: 'Sign-in security' }).waitFor();
    const confirm = new URL(personPage.url());
    confirm.pathname += '/confirm';
    await personPage.goto(confirm.href);
    await personPage.getByRole('heading', { name: 'Confirm it’s you' }).waitFor();
    await saveScreenshot(personPage, JOURNEY, 'confirm before changing factors');
    await personPage.getByRole('button', { name: 'Use a passkey' }).click();
    await personPage.getByRole('heading', { name: 'Sign-in security' }).waitFor();
    expect(await personPage.getByRole('status').textContent()).toContain(
      'Confirmed. You can change your second factors for the next 5 minutes.',
    );
  });

  it('“Sign out other sessions” in one browser is refused to the other within a second', async () => {
    // A second browser of the same person, signed in with a recovery code.
    const other = await openBrowser();
    try {
      const otherPage = await firstPage(other);
      await otherPage.goto(`${webUrl}/`);
      await otherPage.waitForURL(onIssuer);
      await otherPage.getByLabel('Email').waitFor();
      await passwordStep(otherPage, PERSON);
      await enterCode(otherPage, recoveryCodes[2]!);
      await otherPage.waitForURL(onConsole);
      await waitForHome(otherPage);
      const token = (await storedOidcUser(otherPage))?.access_token ?? '';
      expect(await sessionCheckStatus(token)).toBe(200);

      await personPage.goto(profileUrl(ACME_HEALTH_ID, PERSON.email, 'security'));
      // Issue 39: the sessions table at both widths: the Browser cell has room and says Chrome (headless
      // Chromium's HeadlessChrome, read by the platform's parser), and every row lines up with the header.
      await expect.poll(() => personPage.getByTestId('session-row').count()).toBeGreaterThanOrEqual(2);
      for (const size of [WIDE, NARROW]) {
        await personPage.setViewportSize(size);
        await expect
          .poll(async () => (await sessionsTableLayout(personPage)).misaligned, { timeout: 5000 })
          .toEqual([]);
        expect(await horizontalOverflows(personPage)).toEqual([]);
        const { browsers } = await sessionsTableLayout(personPage);
        for (const cell of browsers) {
          expect(cell.width, `Browser cell at ${size.width} px`).toBeGreaterThan(40);
          expect(cell.text).toBe('Chrome on Linux');
        }
        await saveScreenshot(personPage, JOURNEY, `sessions table ${size.width}px`);
      }
      await personPage.setViewportSize(WIDE);
      await personPage.getByRole('button', { name: 'Sign out other sessions' }).click();
      const dialog = personPage.getByRole('alertdialog');
      await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const ended = Date.now();
      await expect.poll(() => sessionCheckStatus(token), { interval: 50, timeout: 5000 }).toBe(401);
      expect(Date.now() - ended).toBeLessThanOrEqual(REVOKED_WITHIN_MS);

      // The other browser's console finds itself signed out at its next request.
      await otherPage.reload();
      await otherPage
        .getByRole('heading', { name: 'You have been signed out' })
        .or(otherPage.getByLabel('Email'))
        .waitFor();
      // This browser's own session goes on.
      expect(await sessionCheckStatus((await storedOidcUser(personPage))?.access_token ?? '')).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('the operator sees the person’s factors on their profile, never a secret', async () => {
    await page.goto(profileUrl(ACME_HEALTH_ID, PERSON.email, 'security'));
    const main = page.getByRole('main');
    await main.getByText('Authenticator app').first().waitFor();
    const text = (await main.textContent()) ?? '';
    expect(text).toContain('Passkey');
    expect(text).not.toContain(totpKey);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
    await saveScreenshot(page, JOURNEY, 'operator sees the factors');
    expect(browser.takeViolations()).toEqual([]);
  });

  it('the operator signs the person out everywhere, and the person reads that an administrator did', async () => {
    // The person's console loads under a clock the test may jump (it flows on its own meanwhile).
    await person.context.clock.install();
    await personPage.goto(`${webUrl}/`);
    await waitForHome(personPage);
    await page.goto(profileUrl(ACME_HEALTH_ID, PERSON.email, 'security'));
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The console's session watch asks every 30 s (web/src/auth/session-watch.ts): one interval on, it
    // says what happened.
    await person.context.clock.fastForward(30_000);
    await personPage.getByRole('heading', { name: 'You have been signed out' }).waitFor();
    const words = await personPage.getByRole('main').getByRole('alert').textContent();
    expect(words).toBe(MESSAGES.signedOutByAdministrator);
    expect(words).not.toContain('elsewhere');
    await saveScreenshot(personPage, JOURNEY, 'signed out by an administrator');
  });
});

describe('the sign-in pages in the system’s dark mode', () => {
  let dark: JourneyBrowser | undefined;
  afterAll(() => dark?.close());

  it('are dark, with the same words and fields (prefers-color-scheme: dark)', async () => {
    dark = await openBrowser({ colorScheme: 'dark' });
    const darkPage = await firstPage(dark);
    await darkPage.goto(`${inject('product').webUrl}/`);
    await darkPage.waitForURL(onIssuer);
    await darkPage.getByLabel('Email').waitFor();
    // The page and its card read the system's choice: dark backgrounds, light text.
    const colours = await darkPage.evaluate<{ body: number; card: number; text: number }>(`(() => {
      const rgb = (value) => value.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
      const luminance = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      const of = (selector, property) => luminance(rgb(getComputedStyle(document.querySelector(selector))[property]));
      return { body: of('body', 'backgroundColor'), card: of('main', 'backgroundColor'), text: of('main', 'color') };
    })()`);
    expect(colours.body).toBeLessThan(0.2);
    expect(colours.card).toBeLessThan(0.2);
    expect(colours.text).toBeGreaterThan(0.8);
    // Enough contrast (WCAG AA, axe's color-contrast among its rules), on the form and on a refusal.
    const clean = async (where: string) => {
      const blocking = blockingViolations(await axeViolations(darkPage));
      expect(blocking.length, `${where}:\n${describeViolations(blocking)}`).toBe(0);
    };
    await clean('dark sign-in');
    await saveScreenshot(darkPage, JOURNEY, 'sign-in dark');
    await submitLoginForm(darkPage, 'e2e.dark.nobody@acme.test', 'not-the-password-1');
    await darkPage.getByRole('alert').waitFor();
    await clean('dark sign-in refused');
    await saveScreenshot(darkPage, JOURNEY, 'sign-in dark refused');
    expect(dark.takeViolations()).toEqual([]);
  });
});
