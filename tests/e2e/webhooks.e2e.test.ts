import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWebhookReceiver, verified } from '@meridian/platform/test-support';
import { WEBHOOK_URL_INVALID } from '@meridian/schema';
import { ACCOUNTS, ACME_HEALTH_ID } from './support/accounts.js';
import { openJourney, type JourneyBrowser } from './support/browser.js';
import { APOLLO_CACHE_KEY, profileUrl, waitForHome } from './support/console.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { originStorage } from './support/storage.js';
import { overflowsAtEachWidth } from './support/routes-tour.js';
import { WIDE } from './support/widths.js';
import { createOrgUser, ensureRoomForOneUser } from './support/user-admin.js';

const JOURNEY = 'webhooks';
const SECRET_PREFIX = 'whsec_';

/** The Acme Health user whose deactivation in the console is sent to the endpoint. */
const PERSON = { email: 'webhook.person@acme.test', name: 'Webhook Person', password: 'e2e-webhook-person-pass-1' };

/** A link of the console's main navigation. */
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
const section = (page: Page) => page.getByRole('region', { name: 'Webhooks' });
const card = (page: Page, url: string): Locator => section(page).getByRole('article', { name: url });
const secretDialog = (page: Page) => page.getByRole('dialog', { name: 'Webhook created' });

/**
 * Issue 32: Acme Health's Org Admin adds a webhook in the console (My Organization → Webhooks) pointing
 * at a receiver on this machine, takes its signing secret once, sends a test event the receiver verifies,
 * sees a user change made in the console arrive signed, and pauses, resumes and deletes the endpoint.
 */
describe('webhooks: an Org Admin’s endpoint receives its organization’s audit events, signed', () => {
  const { seedPassword, webUrl } = inject('product');
  let page: Page;
  let browser: JourneyBrowser;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let receiverUrl = '';
  let secret = '';

  openJourney((opened) => ({ page, browser } = opened));

  beforeAll(async () => {
    // A customer's receiver on this machine (http on loopback: allowed outside production).
    receiver = await startWebhookReceiver();
    receiverUrl = receiver.url('/meridian');
    await ensureRoomForOneUser(ACME_HEALTH_ID);
    await createOrgUser(ACME_HEALTH_ID, PERSON);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
    await signIn(page, ACCOUNTS.orgAdmin, seedPassword);
    await waitForHome(page);
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('adds an endpoint: a URL that is no URL is refused beside the field; the secret is shown once and stored nowhere', async () => {
    await nav(page, 'My Organization').click();
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/${ACME_HEALTH_ID}/update/webhooks`));
    await section(page).getByText('No webhooks yet').waitFor();

    await section(page).getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'New webhook for Acme Health' });
    await form.getByLabel('Endpoint URL').fill('siem.acme.test');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await form.getByText(WEBHOOK_URL_INVALID).waitFor();
    expect(await form.getByLabel('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Endpoint URL').fill(receiverUrl);
    await saveScreenshot(page, JOURNEY, 'add endpoint');
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const dialog = secretDialog(page);
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(receiverUrl);
    secret = (await dialog.getByLabel('Webhook secret').innerText()).trim();
    expect(secret.startsWith(SECRET_PREFIX)).toBe(true);
    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const endpoint = card(page, receiverUrl);
    await endpoint.getByText('Every event').waitFor();
    await endpoint.getByText('Active', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);
    // The persisted cache holds the endpoint (its URL), so it was written after the dialog: never the secret.
    await expect
      .poll(async () => (await originStorage(browser.context, webUrl))[APOLLO_CACHE_KEY] ?? '')
      .toContain(receiverUrl);
    const local = JSON.stringify(await originStorage(browser.context, webUrl));
    const session = await page.evaluate<string>('JSON.stringify(sessionStorage)');
    for (const stored of [local, session]) expect(stored).not.toContain(secret.slice(SECRET_PREFIX.length));
    await saveScreenshot(page, JOURNEY, 'endpoint listed');
  });

  it('sends a test event: the receiver verifies its signature, the card says Delivered, the log shows it', async () => {
    const before = receiver.received.length;
    const endpoint = card(page, receiverUrl);
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await endpoint.getByText(/^Test event: Delivered \(HTTP 204, \d+ ms\)\.$/).waitFor();
    const tests = receiver.received
      .slice(before)
      .filter((request) => verified(request, secret).type === 'webhook.test');
    expect(tests).toHaveLength(1);
    expect(verified(tests[0]!, secret).data).toMatchObject({ organizationId: ACME_HEALTH_ID });
    // A signature with another secret is refused: the check above means something.
    expect(() =>
      verified(tests[0]!, `${SECRET_PREFIX}${Buffer.from('not-the-secret-0123456789').toString('base64')}`),
    ).toThrow();

    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = endpoint.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
    const row = log.getByRole('row').filter({ hasText: 'Test event' });
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain('Delivered');
    await saveScreenshot(page, JOURNEY, 'test event delivered');
    // The card, its outcome and its open log fit a narrow window too, with nothing scrolling sideways.
    expect(Object.fromEntries(await overflowsAtEachWidth(page))).toEqual({ 1280: [], 800: [] });
    await saveScreenshot(page, JOURNEY, 'test event delivered 800px');
    await page.setViewportSize(WIDE);
  });

  it('a user deactivated in the console arrives signed, in the log as Delivered', async () => {
    await page.goto(profileUrl(ACME_HEALTH_ID, PERSON.email));
    await page.getByRole('button', { name: 'Deactivate user' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('button', { name: 'Activate user' }).waitFor();

    const deactivation = () =>
      receiver.received
        .map((request) => verified(request, secret))
        .find((message) => message.type === 'user.deactivate' && message.data.targetId === PERSON.email);
    await expect.poll(() => deactivation()).toBeDefined();
    expect(deactivation()!.data).toMatchObject({ action: 'user.deactivate', organizationId: ACME_HEALTH_ID });

    await nav(page, 'My Organization').click();
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const endpoint = card(page, receiverUrl);
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = endpoint.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
    await expect
      .poll(async () => {
        await endpoint.getByRole('button', { name: 'Refresh' }).click();
        return log.getByRole('row').filter({ hasText: 'User deactivated' }).first().innerText();
      })
      .toContain('Delivered');
  });

  it('pauses and resumes the endpoint, then deletes it after confirmation', async () => {
    const endpoint = card(page, receiverUrl);
    await endpoint.getByRole('button', { name: 'Pause' }).click();
    await endpoint.getByText('Paused', { exact: true }).waitFor();
    await endpoint.getByRole('button', { name: 'Resume' }).click();
    await endpoint.getByText('Active', { exact: true }).waitFor();

    await endpoint.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await section(page).getByText('No webhooks yet').waitFor();
    await saveScreenshot(page, JOURNEY, 'endpoint deleted');
  });
});
