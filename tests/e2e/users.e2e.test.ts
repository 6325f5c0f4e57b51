import { LAST_ORG_ADMIN_MESSAGE, MESSAGES, OWN_ROLE_MESSAGE, SELF_DEACTIVATE_MESSAGE } from '@meridian/schema';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID, OPERATORS_ORGANIZATION_ID } from './support/accounts.js';
import { type JourneyBrowser, openJourney } from './support/browser.js';
import { APOLLO_CACHE_KEY, profileUrl, waitForHome } from './support/console.js';
import { mailCount } from './support/outbox.js';
import { ensureRoomForOneUser } from './support/user-admin.js';
import { toolToken, usersOf } from './support/platform-api.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { originStorage } from './support/storage.js';

/** The user the Org Admin's journey creates (with direct data access, for the credential part). */
const NEW_USER = { name: 'Erin Example', email: 'e2e.erin@acme.test', password: 'e2e-erin-first-password-7' };

const usersUrl = (organizationId: string, query = '') =>
  `${inject('product').webUrl}/admin/org-management/${organizationId}${query}`;
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const toast = (page: Page, text: string) => page.locator('.meridian-toast').filter({ hasText: text });

/**
 * A screenshot of the screen itself: the toasts of earlier steps gone (a pointer resting on a toast
 * holds it, so the pointer moves away first) and no dialog closing.
 */
async function screenshot(page: Page, journey: string, screen: string): Promise<void> {
  await page.mouse.move(1, 700);
  await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
  const deadline = Date.now() + 8000;
  while ((await page.locator('.meridian-toast').count()) > 0 && Date.now() < deadline) await page.waitForTimeout(200);
  await saveScreenshot(page, journey, screen);
}

/** `count` users e2e.bulk.N@ of the organization, created through the REST API (room made for them first). */
async function seedBulkUsers(organizationId: string, count: number): Promise<void> {
  const { restUrl } = inject('product');
  const headers = { authorization: `Bearer ${await toolToken()}`, 'content-type': 'application/json' };
  const response = await fetch(`${restUrl}/organization/${organizationId}?include=licenses_used`, { headers });
  const { licenses } = (await response.json()) as { licenses: { user_limit: number; active_users: number } };
  await fetch(`${restUrl}/licenses?organizationId=${organizationId}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      licenses: { user_limit: Math.max(licenses.user_limit, licenses.active_users + count + 5) },
    }),
  });
  for (let i = 0; i < count; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, (_, j) =>
        fetch(`${restUrl}/user?organizationId=${organizationId}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `Bulk ${i + j}`,
            email: `e2e.bulk.${i + j}@acme.test`,
            password: 'e2e-bulk-password-1',
            allowOutsideDomain: true,
          }),
        }),
      ),
    );
  }
}

describe('an Org Admin manages the users of their organization', () => {
  const { seedPassword, webUrl } = inject('product');
  const journey = 'org admin users';
  let browser: JourneyBrowser;
  let page: Page;
  openJourney((opened) => ({ browser, page } = opened));

  beforeAll(async () => {
    await ensureRoomForOneUser(ACME_HEALTH_ID);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
    await signIn(page, ACCOUNTS.orgAdmin, seedPassword);
    await waitForHome(page);
  });

  it('lists the organization’s users one server page at a time, with Create user and no way back to organizations', async () => {
    await page.goto(usersUrl(ACME_HEALTH_ID));
    await page.getByRole('heading', { name: 'Acme Health' }).waitFor();
    const olive = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Olive Okafor' }) });
    await olive.waitFor();
    expect(await olive.getByRole('cell').allInnerTexts()).toEqual([
      '',
      'Olive Okafor',
      ACCOUNTS.orgAdmin,
      'Org Admin',
      'Active',
      // Issue 39: how she came (seeded with a password) and her last sign-in (this journey's, today).
      'Console',
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date()),
      'Explorer',
      'Disabled',
    ]);
    expect(await page.getByText(/^Showing 1–\d+ of \d+$/).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Create user' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to Organizations' }).count()).toBe(0);
    await screenshot(page, journey, 'users list');
  });

  it('searches and sorts on the server, with the state in the URL and the back button', async () => {
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill('patel');
    await page.waitForURL((url) => url.searchParams.get('search') === 'patel');
    // The server's answer replaces the page: Olive Okafor does not match.
    await page.getByRole('link', { name: 'Olive Okafor' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Uma Patel' }).waitFor();
    const rows = await page.getByTestId('user-row').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /patel/i.test(row))).toBe(true);
    await page.getByRole('button', { name: 'Sort by email' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email');
    await screenshot(page, journey, 'users searched');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('sort') === null && url.searchParams.get('search') === 'patel');
  });

  it('deactivates 200 selected users with one confirmation, then activates them back, by keyboard', async () => {
    await seedBulkUsers(ACME_HEALTH_ID, 200);
    await page.goto(usersUrl(ACME_HEALTH_ID, '?search=e2e.bulk'));
    await page.getByRole('checkbox', { name: 'Select every user on this page' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Select all 200 users matching' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('All 200 users matching are selected.').waitFor();
    for (const [action, verb] of [
      ['Deactivate', 'Deactivate'],
      ['Activate', 'Activate'],
    ] as const) {
      if (action === 'Activate') {
        await page.getByRole('checkbox', { name: 'Select every user on this page' }).focus();
        await page.keyboard.press('Space');
        await page.getByRole('button', { name: 'Select all 200 users matching' }).focus();
        await page.keyboard.press('Enter');
      }
      await page.getByRole('button', { name: action, exact: true }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('button', { name: `${verb} 200 users` });
      await confirm.waitFor();
      await confirm.focus();
      await page.keyboard.press('Enter');
      const results = page.getByRole('dialog', { name: `${verb} users: results` });
      await results.getByText('200 changed, 0 already so, 0 refused.').waitFor({ timeout: 30_000 });
      if (action === 'Deactivate') await screenshot(page, journey, 'bulk results');
      await page.keyboard.press('Escape');
      await results.waitFor({ state: 'hidden' });
      const states = (await usersOf(ACME_HEALTH_ID)).filter((user) => user.email.startsWith('e2e.bulk'));
      expect(states.filter((user) => user.active === (action === 'Activate'))).toHaveLength(200);
    }
  });

  it('is refused another organization’s users: home, with the permission toast', async () => {
    await page.goto(usersUrl(OPERATORS_ORGANIZATION_ID));
    await page.waitForURL(`${webUrl}/`);
    await toast(page, MESSAGES.permissionDenied).waitFor();
  });

  it('creates a user, the password policy shown as it is typed', async () => {
    await page.goto(usersUrl(ACME_HEALTH_ID));
    await page.getByRole('link', { name: 'Create user' }).click();
    await page.waitForURL(`${webUrl}/admin/org-management/${ACME_HEALTH_ID}/users/create`);
    await page.getByText(/\d+ of \d+ active users\./).waitFor();
    expect(await page.getByLabel('Role').locator('option').allInnerTexts()).toEqual(['Org Admin', 'Org User']);

    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Name is required.').waitFor();

    await page.getByLabel('Name', { exact: true }).fill(NEW_USER.name);
    await page.getByLabel('Email', { exact: true }).fill(NEW_USER.email.toUpperCase());
    // The form sends an invitation by default (issue 18); this journey sets the first password itself.
    await page.getByText('Set a password').click();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short1');
    const rules = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
    expect(await rules.evaluateAll((items) => items.map((item) => item.getAttribute('data-met')))).toEqual([
      'false',
      'true',
      'true',
    ]);
    await password.fill(NEW_USER.password);
    await page.getByLabel('Tableau license').selectOption('viewer');
    await page.getByText('Direct data access').click();
    await page.getByLabel('Job title').fill('  Charge nurse ');
    await screenshot(page, journey, 'create user');

    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL(
      `${webUrl}/admin/org-management/${ACME_HEALTH_ID}/users/${encodeURIComponent(NEW_USER.email)}/profile/general`,
    );
    await page.getByRole('heading', { name: NEW_USER.name }).waitFor();
    await toast(page, `${NEW_USER.name} (${NEW_USER.email}) was created.`).waitFor();
    const stored = (await usersOf(ACME_HEALTH_ID)).find((user) => user.email === NEW_USER.email);
    expect(stored).toMatchObject({ name: NEW_USER.name, role: 'orgUser', active: true, jobTitle: 'Charge nurse' });
    // Issue 39: the profile says how the person came and that they have not signed in yet.
    const general = page.getByRole('region', { name: 'General' });
    await general.getByText('Created with a password by an administrator or an internal tool.').waitFor();
    expect(
      await general.getByText('Last sign-in', { exact: true }).locator('xpath=following-sibling::dd[1]').innerText(),
    ).toBe('Never');
    // Issue 40: the job title as typed, trimmed, in the profile's edit form.
    expect(await general.getByLabel('Job title').inputValue()).toBe('Charge nurse');
    await screenshot(page, journey, 'new user profile');
  });

  it('deactivates and reactivates the user, each after a confirmation', async () => {
    await page.getByRole('button', { name: 'Deactivate user' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Deactivate ${NEW_USER.name}?`).waitFor();
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await toast(page, `${NEW_USER.name} was deactivated.`).waitFor();
    await page.getByRole('button', { name: 'Activate user' }).waitFor();
    expect((await usersOf(ACME_HEALTH_ID)).find((user) => user.email === NEW_USER.email)?.active).toBe(false);
    await screenshot(page, journey, 'user deactivated');

    await page.getByRole('button', { name: 'Activate user' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Activate', exact: true }).click();
    await toast(page, `${NEW_USER.name} was activated.`).waitFor();
    await page.getByRole('button', { name: 'Deactivate user' }).waitFor();
    expect((await usersOf(ACME_HEALTH_ID)).find((user) => user.email === NEW_USER.email)?.active).toBe(true);
  });

  it('creates a credential for the user, copies its secret (stored nowhere), and disables it', async () => {
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/profile/credentials'));
    await page.getByText('This user has no credentials yet.').waitFor();
    await page.getByRole('button', { name: 'Create credential' }).click();
    // What uses it and how long it lives come first.
    const choices = page.getByRole('dialog', { name: /^New credential for / });
    await choices.getByLabel('Name').fill('Nightly claims export');
    await choices.getByLabel('Expires in (days)').fill('30');
    await choices.getByRole('button', { name: 'Create credential' }).click();

    const dialog = page.getByRole('dialog', { name: 'Credential created' });
    const secret = (await dialog.getByLabel('Credential secret').innerText()).trim();
    expect(secret.length).toBeGreaterThan(16);
    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    await dialog.getByRole('status').getByText('The secret was copied to the clipboard.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await screenshot(page, journey, 'credential secret shown once');

    const storage = await originStorage(browser.context, webUrl);
    expect(storage[APOLLO_CACHE_KEY]).toBeTruthy();
    expect(JSON.stringify(storage)).not.toContain(secret);
    expect(await page.evaluate('JSON.stringify(sessionStorage)')).not.toContain(secret);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(secret);

    const row = page.getByTestId('credential-row').first();
    expect(await row.innerText()).toContain('Expires in 30 days');
    expect(await row.innerText()).toContain('Nightly claims export');
    await row.getByRole('button', { name: /^Disable credential/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('cannot be enabled again', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await toast(page, 'The credential was disabled.').waitFor();
    await row.getByText('Disabled').waitFor();
    await screenshot(page, journey, 'credential disabled');
  });

  it('reads the user’s password dates and emails them a reset link', async () => {
    const before = await mailCount(NEW_USER.email);
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByText('Last reset requested').waitFor();
    await page.getByText('Never').waitFor();
    await page.getByRole('button', { name: 'Send password reset email' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send', exact: true }).click();
    await toast(page, `A link to set a new password was emailed to ${NEW_USER.email}.`).waitFor();
    // The dates are asked for again: the request now has a date.
    await page.getByText('Never').waitFor({ state: 'hidden' });
    expect(await mailCount(NEW_USER.email)).toBe(before + 1);
    await screenshot(page, journey, 'password section');
  });

  it('cannot change their own role or deactivate themselves, and sees why', async () => {
    await page.goto(profileUrl(ACME_HEALTH_ID, ACCOUNTS.orgAdmin));
    await page.getByRole('heading', { name: 'Olive Okafor' }).waitFor();
    expect(await page.getByLabel('Role').isDisabled()).toBe(true);
    await page.getByText(OWN_ROLE_MESSAGE).waitFor();
    expect(await page.getByRole('button', { name: 'Deactivate user' }).isDisabled()).toBe(true);
    await page.getByText(SELF_DEACTIVATE_MESSAGE).waitFor();
    await screenshot(page, journey, 'own profile');
  });
});

describe('an operator sees the users of any organization', () => {
  const { seedPassword } = inject('product');
  const journey = 'operator users';
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  it('goes back to the organizations from a users list; a viewer may not create users', async () => {
    await signIn(page, ACCOUNTS.viewer, seedPassword);
    await waitForHome(page);
    // Searched, so the row is on the first page however many users other journeys have added.
    await page.goto(usersUrl(ACME_HEALTH_ID, '?page=0&sort=-role&search=olive'));
    await page.getByRole('link', { name: 'Olive Okafor' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create user' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Organizations' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/org-management');
    expect(pathOf(page)).toMatch(/^\/admin\/org-management/);
  });

  it('reads a profile without changing it: no edit form, the password dates without the reset', async () => {
    await page.goto(profileUrl(ACME_HEALTH_ID, ACCOUNTS.orgAdmin));
    await page.getByRole('heading', { name: 'Olive Okafor' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByText('Password changed').waitFor();
    expect(await page.getByRole('button', { name: 'Send password reset email' }).count()).toBe(0);
    await screenshot(page, journey, 'viewer reads password section');
  });
});

describe('an Org User reaches only their own profile', () => {
  const { seedPassword, webUrl } = inject('product');
  const journey = 'org user profile';
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    await signIn(page, ACCOUNTS.orgUser, seedPassword);
    await waitForHome(page);
  });

  it('reads their own profile: general and credentials, nothing to edit, and a page to change their password', async () => {
    await page.goto(profileUrl(ACME_HEALTH_ID, ACCOUNTS.orgUser));
    await page.getByRole('heading', { name: 'Uma Patel' }).waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'General',
      'Credentials',
      'Password',
      'Sign-in security',
    ]);
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to users' }).count()).toBe(0);
    await screenshot(page, journey, 'own profile');
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await page.getByText('Direct data access is not enabled for you. Ask your administrator to enable it.').waitFor();
    expect(await page.getByRole('button', { name: 'Create credential' }).isDisabled()).toBe(true);
    await screenshot(page, journey, 'own credentials');
  });

  it('is sent home with the permission toast from another user’s profile and from the users list', async () => {
    await page.goto(profileUrl(ACME_HEALTH_ID, ACCOUNTS.orgAdmin));
    await page.waitForURL(`${webUrl}/`);
    await toast(page, MESSAGES.permissionDenied).waitFor();
    await saveScreenshot(page, journey, 'other profile refused');
    await page.goto(usersUrl(ACME_HEALTH_ID));
    await page.waitForURL(`${webUrl}/`);
    await toast(page, MESSAGES.permissionDenied).waitFor();
  });
});

/** An organization with exactly one active Org Admin (from the seed, through the REST API). */
async function organizationWithOneOrgAdmin(): Promise<{ organizationId: string; email: string; name: string }> {
  const { restUrl } = inject('product');
  const response = await fetch(`${restUrl}/organization?limit=0`, {
    headers: { authorization: `Bearer ${await toolToken()}` },
  });
  const { data } = (await response.json()) as { data: { id: string }[] };
  for (const { id } of data) {
    const admins = (await usersOf(id)).filter((user) => user.role === 'orgAdmin' && user.active);
    if (admins.length === 1) return { organizationId: id, email: admins[0]!.email, name: admins[0]!.name };
  }
  throw new Error('No organization has exactly one active Org Admin');
}

describe('a Meridian Admin and the last active Org Admin of an organization', () => {
  const { seedPassword } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await waitForHome(page);
  });

  it('may not demote or deactivate them, and sees why before trying', async () => {
    const last = await organizationWithOneOrgAdmin();
    await page.goto(profileUrl(last.organizationId, last.email));
    await page.getByRole('heading', { name: last.name }).waitFor();
    await page.getByText(LAST_ORG_ADMIN_MESSAGE).first().waitFor();
    expect(await page.getByText(LAST_ORG_ADMIN_MESSAGE).count()).toBe(2);
    expect(await page.getByLabel('Role').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Deactivate user' }).isDisabled()).toBe(true);
    // Everything else of the profile stays editable.
    expect(await page.getByLabel('Name', { exact: true }).isEditable()).toBe(true);
    await screenshot(page, 'operator users', 'last org admin protected');
  });
});
