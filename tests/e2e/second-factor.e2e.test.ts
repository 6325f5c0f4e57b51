import { readFile } from 'node:fs/promises';
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
    await personPage.getByRole('button').click();
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
});
