import { SCIM_TOKEN_LABEL_REQUIRED } from '@meridian/schema';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID } from './support/accounts.js';
import { openJourney, type JourneyBrowser } from './support/browser.js';
import { APOLLO_CACHE_KEY, waitForHome } from './support/console.js';
import { mailCount } from './support/outbox.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { originStorage } from './support/storage.js';
import { ensureRoomForOneUser } from './support/user-admin.js';

const JOURNEY = 'provisioning';

/** The person Acme Health's directory provisions (an Entra ID user, as its tutorial's "Create User" sends one). */
const PERSON = {
  userName: 'new.person@acme.test',
  givenName: 'New',
  familyName: 'Person',
  externalId: 'e2e-entra-5f1c7a0e-3b2d-4c8e-9a61-0d2f4b6c8e10',
};
const PERSON_NAME = `${PERSON.givenName} ${PERSON.familyName}`;

const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const TOKEN_PREFIX = 'mscim_';

/** The platform's SCIM service, where a directory calls it (the REST API's /scim/v2). */
const scimBase = () => `${inject('product').restUrl}/scim/v2`;

/** A request of the customer's directory, with `token` as its bearer token: the HTTP status and body. */
async function asDirectory(
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${scimBase()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/scim+json',
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** What a directory's token reads: GET /Users (200 while the token works, 401 once it does not). */
const usersStatus = async (token: string) => (await asDirectory(token, 'GET', '/Users?count=1')).status;

/** A link of the console's main navigation (the users page has a "Users" link of its own). */
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
/** The Provisioning section of the organization's page. */
const section = (page: Page) => page.getByRole('region', { name: 'Provisioning' });
const secretDialog = (page: Page) => page.getByRole('dialog', { name: 'SCIM token created' });
/** The token table's row of a token, told apart by its last four characters. */
const tokenRow = (page: Page, token: string) =>
  section(page)
    .getByRole('table', { name: 'SCIM tokens' })
    .getByRole('row')
    .filter({ has: page.getByText(`…${token.slice(-4)}`, { exact: true }) });

/** The row's label, last four characters and state, as the table shows them. */
async function rowFacts(row: Locator): Promise<{ label: string; hint: string; state: string }> {
  const cells = (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
  return { label: cells[0] ?? '', hint: cells[1] ?? '', state: cells[4] ?? '' };
}

/**
 * Reads the token the secret dialog shows, copies it (the clipboard must then hold it) and closes the
 * dialog with Done: the way a person hands it to their directory.
 */
async function takeSecret(page: Page): Promise<string> {
  const dialog = secretDialog(page);
  await dialog.waitFor();
  const token = (await dialog.getByLabel('SCIM token secret').innerText()).trim();
  expect(token.startsWith(TOKEN_PREFIX)).toBe(true);
  expect(token.length).toBeGreaterThan(TOKEN_PREFIX.length + 32);
  await dialog.getByRole('button', { name: 'Copy secret' }).click();
  await dialog.getByRole('status').getByText('The secret was copied to the clipboard.').waitFor();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(token);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return token;
}

/** New token → label → Create token: the new token, read from the secret dialog. */
async function createToken(page: Page, label: string): Promise<string> {
  await section(page).getByRole('button', { name: 'New token' }).click();
  const choose = page.getByRole('dialog', { name: 'New SCIM token for Acme Health' });
  await choose.getByLabel('Label').fill(label);
  await choose.getByRole('button', { name: 'Create token' }).click();
  return takeSecret(page);
}

/** The users list's row of the provisioned person, its cells' texts. */
async function personCells(page: Page): Promise<string[]> {
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: PERSON_NAME }) });
  await row.waitFor();
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
}

/**
 * Issue 31: an Org Admin of Acme Health makes a SCIM token in the console (My Organization → Provisioning),
 * the organization's directory provisions a person with it over SCIM 2.0, the token is rotated and revoked,
 * and a deprovisioning reaches the console's users list and the audit trail as the directory's doing.
 */
describe('directory provisioning: an Org Admin’s SCIM tokens and what a directory does with them', () => {
  const { seedPassword, webUrl, restUrl } = inject('product');
  let page: Page;
  let browser: JourneyBrowser;
  let first = '';
  let rotated = '';
  let personId = '';

  openJourney((opened) => ({ page, browser } = opened));

  beforeAll(async () => {
    // The directory's new person takes a seat of Acme Health.
    await ensureRoomForOneUser(ACME_HEALTH_ID);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
    await signIn(page, ACCOUNTS.orgAdmin, seedPassword);
    await waitForHome(page);
  });

  it('finds Provisioning under My Organization: the SCIM base URL of the platform, and no tokens', async () => {
    await nav(page, 'My Organization').click();
    await page.getByRole('tab', { name: 'Provisioning' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/${ACME_HEALTH_ID}/update/provisioning`));
    await section(page).getByText('No SCIM tokens yet').waitFor();
    const baseUrl = await section(page).getByLabel('SCIM base URL').inputValue();
    await saveScreenshot(page, JOURNEY, 'no tokens');
    // The address a directory reaches the platform's REST API at, plus /scim/v2: loopback either way
    // (restUrl names 127.0.0.1; the platform's own default names localhost), the same port and path: a
    // platform started on port 0 names the port it got, never :0, or the directory calls nothing.
    const shown = new URL(baseUrl);
    const rest = new URL(restUrl);
    expect({
      host: shown.hostname.replace(/^localhost$/, '127.0.0.1'),
      port: shown.port,
      path: shown.pathname,
    }).toEqual({ host: rest.hostname, port: rest.port, path: '/scim/v2' });
  });

  it('creates a token: a blank label is refused beside the field, “Entra ID” is shown once, copied, then listed by its last four', async () => {
    await section(page).getByRole('button', { name: 'New token' }).click();
    const choose = page.getByRole('dialog', { name: 'New SCIM token for Acme Health' });
    await choose.getByRole('button', { name: 'Create token' }).click();
    await choose.getByText(SCIM_TOKEN_LABEL_REQUIRED).waitFor();
    expect(await choose.getByLabel('Label').getAttribute('aria-invalid')).toBe('true');
    expect(await secretDialog(page).count()).toBe(0);

    await choose.getByLabel('Label').fill('Entra ID');
    await choose.getByRole('button', { name: 'Create token' }).click();
    await secretDialog(page).waitFor();
    expect(await secretDialog(page).innerText()).toContain('Entra ID');
    first = await takeSecret(page);

    const row = tokenRow(page, first);
    await row.waitFor();
    expect(await rowFacts(row)).toEqual({ label: 'Entra ID', hint: `…${first.slice(-4)}`, state: 'Active' });
    expect(await page.content()).not.toContain(first);
    await saveScreenshot(page, JOURNEY, 'token listed');
  });

  it('the token provisions a person as Entra ID does (POST /Users → 201), and the users list shows them', async () => {
    const created = await asDirectory(first, 'POST', '/Users', {
      schemas: [SCIM_USER],
      externalId: PERSON.externalId,
      userName: PERSON.userName,
      active: true,
      name: { givenName: PERSON.givenName, familyName: PERSON.familyName, formatted: PERSON_NAME },
      emails: [{ primary: true, type: 'work', value: PERSON.userName }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ userName: PERSON.userName, externalId: PERSON.externalId, active: true });
    personId = String(created.body.id);
    // Acme Health has no single sign-on: the provisioned person is invited by mail to set a password.
    expect(await mailCount(PERSON.userName)).toBe(1);

    await nav(page, 'Users').click();
    await page.getByRole('heading', { name: 'Acme Health' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill('new.person');
    const cells = await personCells(page);
    expect(cells).toContain(PERSON.userName);
    expect(cells).toContain('Invited');
    // Issue 39: the list says the directory brought them.
    expect(cells).toContain('Directory (SCIM)');
    await saveScreenshot(page, JOURNEY, 'provisioned person listed');
  });

  it('keeps the token out of the browser’s storage: neither the persisted cache nor sessionStorage holds it', async () => {
    const body = first.slice(TOKEN_PREFIX.length);
    // The persisted cache holds the token list (the label, the last four), so it was written after the dialog.
    await expect
      .poll(async () => (await originStorage(browser.context, webUrl))[APOLLO_CACHE_KEY] ?? '')
      .toContain('Entra ID');
    const local = JSON.stringify(await originStorage(browser.context, webUrl));
    const session = await page.evaluate<string>('JSON.stringify(sessionStorage)');
    for (const stored of [local, session]) {
      expect(stored).not.toContain(first);
      expect(stored).not.toContain(body);
    }
  });

  it('rotates the token after confirmation: the new one works, the old one gets 401, the table shows both', async () => {
    await nav(page, 'My Organization').click();
    await page.getByRole('tab', { name: 'Provisioning' }).click();
    await tokenRow(page, first).waitFor();
    await section(page).getByRole('button', { name: 'Rotate SCIM token Entra ID' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rotate this SCIM token?' });
    await confirm.getByText('A new token replaces Entra ID at once').waitFor();
    await confirm.getByRole('button', { name: 'Rotate token' }).click();
    rotated = await takeSecret(page);
    expect(rotated).not.toBe(first);

    expect(await usersStatus(first)).toBe(401);
    expect(await usersStatus(rotated)).toBe(200);
    await tokenRow(page, rotated).waitFor();
    expect(await rowFacts(tokenRow(page, rotated))).toEqual({
      label: 'Entra ID',
      hint: `…${rotated.slice(-4)}`,
      state: 'Active',
    });
    expect(await rowFacts(tokenRow(page, first))).toEqual({
      label: 'Entra ID',
      hint: `…${first.slice(-4)}`,
      state: 'Revoked',
    });
    await saveScreenshot(page, JOURNEY, 'token rotated');
  });

  it('revokes the new token after confirmation: its row shows Revoked and it gets 401', async () => {
    await section(page).getByRole('button', { name: 'Revoke SCIM token Entra ID' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this SCIM token?' });
    await confirm.getByText('can no longer reach Acme Health’s users').waitFor();
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await confirm.waitFor({ state: 'hidden' });
    const row = tokenRow(page, rotated);
    await row.getByText('Revoked', { exact: true }).waitFor();
    // A revoked token is done with: nothing left to rotate or revoke.
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await usersStatus(rotated)).toBe(401);
  });

  it('a deprovisioning (Entra’s PATCH active "False") shows the person inactive, and Activity names the directory', async () => {
    const fresh = await createToken(page, 'Entra ID deprovisioning');
    const patched = await asDirectory(fresh, 'PATCH', `/Users/${personId}`, {
      schemas: [SCIM_PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ userName: PERSON.userName, active: false });

    // The list as the person asks for it: a result younger than 30 s is served from the cache, even after
    // a reload (spec section 7's freshness, kept beside the persisted cache), so the Inactive filter asks anew.
    await nav(page, 'Users').click();
    await page.getByRole('heading', { name: 'Acme Health' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill('new.person');
    await page.waitForURL((url) => url.searchParams.get('search') === 'new.person');
    await page.getByLabel('Filter users by status').selectOption('inactive');
    await page.waitForURL((url) => url.searchParams.get('status') === 'inactive');
    await expect.poll(() => personCells(page)).toContain('Inactive');
    await saveScreenshot(page, JOURNEY, 'deprovisioned person inactive');

    // The Org Admin's audit trail (their organization's): the deactivation, by the directory's token.
    await nav(page, 'Activity').click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    const event = page
      .getByRole('article', { name: new RegExp(`deactivated ${PERSON.userName.replace(/\./g, '\\.')}$`) })
      .first();
    await event.waitFor();
    // One line per event: its sentence opens its facts.
    await event.getByRole('heading').getByRole('button').click();
    const actor = event
      .locator('.meridian-activity-fact')
      .filter({ has: page.locator('dt', { hasText: /^Actor$/ }) })
      .locator('dd');
    expect(await actor.innerText()).toMatch(/^scim:scim_\w+ \(Directory provisioning\)$/);
    await saveScreenshot(page, JOURNEY, 'deactivation by the directory');
  });
});
