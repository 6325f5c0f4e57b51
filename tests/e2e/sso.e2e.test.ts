import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCustomerOidc, startSamlIdp, type CustomerOidc, type SamlIdp } from '@meridian/platform/test-support';
import { ACCOUNTS } from './support/accounts.js';
import { firstPage, openBrowser, openJourney, type JourneyBrowser } from './support/browser.js';
import { waitForHome } from './support/console.js';
import { toolToken } from './support/platform-api.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn, submitLoginForm } from './support/sign-in.js';
import { activateOrganization } from './support/user-admin.js';

const JOURNEY = 'single-sign-on';

/** This journey's own organizations, so that no other journey's people are sent to a customer's provider. */
const OIDC_ORG = { id: 'e2e-sso-oidc', name: 'Oidc Journey Health', domain: 'oidc-journey.test' };
const SAML_ORG = { id: 'e2e-sso-saml', name: 'Saml Journey Health', domain: 'saml-journey.test' };
const CLIENT = { clientId: 'meridian-e2e', clientSecret: 'e2e-customer-secret' };
/** Issue 39: a hospital whose own Org Admin turns on single sign-on only, and keeps an emergency way in. */
const EMERGENCY_ORG = { id: 'e2e-sso-emergency', name: 'Emergency Journey Health', domain: 'emergency-journey.test' };
const EMERGENCY_ADMIN = {
  email: `olive@${EMERGENCY_ORG.domain}`,
  name: 'Olive Emergency',
  password: 'e2e-emergency-admin-1',
  role: 'orgAdmin',
};
const EMERGENCY_USER = {
  email: `uri@${EMERGENCY_ORG.domain}`,
  name: 'Uri Emergency',
  password: 'e2e-emergency-user-1',
  role: 'orgUser',
};

const onConsole = (url: URL) =>
  url.origin === new URL(inject('product').webUrl).origin && !url.pathname.startsWith('/auth/');

/** A REST call as the internal tools' client (an operator); answers the parsed body. */
async function asOperator(method: 'GET' | 'POST' | 'PUT', pathAndQuery: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${inject('product').restUrl}${pathAndQuery}`, {
    method,
    headers: { authorization: `Bearer ${await toolToken()}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const createOrganization = (org: { id: string; name: string; domain: string }) =>
  asOperator('POST', '/organization', {
    id: org.id,
    name: org.name,
    domain: [org.domain],
    primaryContact: { name: `${org.name} Contact`, email: `it@${org.domain}` },
    customer_segment: 'provider-group',
    medicare_licensed: false,
  });

const userOf = (email: string) =>
  asOperator('GET', `/user/email/${encodeURIComponent(email)}`) as Promise<{ name: string; role: string }>;

/** From a signed-out tab: the console sends it to the sign-in, where the email goes first. */
async function startSignIn(page: Page, email: string): Promise<void> {
  await page.goto(`${inject('product').webUrl}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Issue 30: an operator connects an organization to its own OpenID provider in the console; its people
 * then sign in there, the first sign-in creating them. Another organization signs in over SAML 2.0.
 * The customers' providers are real: an oidc-provider and a samlify IdP, each with its own login page.
 */
describe('single sign-on through a customer’s identity provider', () => {
  const { issuer, seedPassword } = inject('product');
  let page: Page;
  let customer: CustomerOidc;
  let idp: SamlIdp;
  let person: JourneyBrowser;
  let personPage: Page;

  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    customer = await startCustomerOidc({
      clients: [{ ...CLIENT, redirectUris: [`${issuer}/sso/oidc/callback`] }],
      accounts: {
        nora: { email: `nora@${OIDC_ORG.domain}`, givenName: 'Nora', familyName: 'North' },
        outsider: { email: 'nora@elsewhere.test' },
      },
    });
    idp = await startSamlIdp();
    idp.users.set(`sam@${SAML_ORG.domain}`, { email: `sam@${SAML_ORG.domain}`, givenName: 'Sam', familyName: 'South' });
    await createOrganization(OIDC_ORG);
    await createOrganization(SAML_ORG);
    // Only an active organization's people sign in (issue 39): both walked there at once.
    await Promise.all([activateOrganization(OIDC_ORG.id), activateOrganization(SAML_ORG.id)]);
    await asOperator('PUT', `/organization/${SAML_ORG.id}/sso`, { protocol: 'saml', metadataXml: idp.metadataXml });
    person = await openBrowser();
    personPage = await firstPage(person);
  });

  afterAll(async () => {
    await person?.close();
    await customer?.close();
    await idp?.close();
  });

  it('an operator connects the organization to its OpenID provider in the Sign-in section, testing it first', async () => {
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await page.goto(`${inject('product').webUrl}/admin/org-management/${OIDC_ORG.id}/update/sign-in`);
    await page.getByRole('heading', { name: 'Sign-in', level: 2 }).waitFor();
    await page.getByLabel('Issuer').fill(customer.issuer);
    await page.getByLabel('Client id').fill(CLIENT.clientId);
    // A wrong secret is caught by the test (the token endpoint refuses it), not by the first person signing in.
    await page.getByLabel('Client secret').fill('not-the-customer-secret');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const refused = page.getByRole('status').filter({ hasText: 'The connection does not work yet' });
    await refused.waitFor();
    expect(await refused.innerText()).toContain('invalid_client');
    await page.getByLabel('Client secret').fill(CLIENT.clientSecret);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const verdict = page.getByRole('status').filter({ hasText: 'The connection works' });
    await verdict.waitFor();
    expect(await verdict.innerText()).toContain(`Found ${customer.issuer}`);
    await page.getByRole('checkbox', { name: 'Only single sign-on' }).check({ force: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Single sign-on only asks first (issue 39); its people have no password left to lose yet.
    const asked = page.getByRole('alertdialog', { name: 'Save single sign-on?' });
    await asked.getByText(/0 people of Oidc Journey Health will sign in only through its identity provider/).waitFor();
    await asked.getByRole('button', { name: 'Save single sign-on' }).click();
    await asked.waitFor({ state: 'detached' });
    // Saved: what the customer's IT registers on their side is shown, ready to copy.
    const redirectUri = page.getByLabel('Redirect URI', { exact: true });
    await redirectUri.waitFor();
    expect(await redirectUri.inputValue()).toBe(`${issuer}/sso/oidc/callback`);
    await saveScreenshot(page, JOURNEY, 'oidc connection saved');
    expect(await asOperator('GET', `/organization/${OIDC_ORG.id}/sso`)).toMatchObject({
      connection: { protocol: 'oidc', ssoOnly: true, issuer: customer.issuer, hasClientSecret: true },
    });
  });

  it('the operator proves the saved connection with a test sign-in: the provider’s claims, and nobody created', async () => {
    const trust = page.getByRole('checkbox', { name: 'Trust the identity provider’s second factor' });
    expect(await trust.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Test sign-in' }).click();
    // This tab goes to the customer's own login page, and comes back to the Sign-in tab with the result.
    await page.waitForURL((url) => url.origin === new URL(customer.issuer).origin);
    await page.getByLabel('Username').fill('nora');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => onConsole(url) && url.searchParams.has('ssoTest'));
    const result = page.getByRole('region', { name: 'Test sign-in result' });
    await result.getByText(`Create Nora North (nora@${OIDC_ORG.domain}) as Org User, then sign them in.`).waitFor();
    const claims = result.getByRole('table', { name: 'What the identity provider returned' });
    expect(await claims.getByRole('row', { name: /^email / }).innerText()).toContain(`nora@${OIDC_ORG.domain}`);
    await saveScreenshot(page, JOURNEY, 'test sign-in result');
    // A test: nobody was created, and the operator is still the one signed in.
    await expect(userOf(`nora@${OIDC_ORG.domain}`)).rejects.toThrow(/answered 404/);
    await result.getByRole('button', { name: 'Dismiss' }).click();
    await result.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('ssoTest')).toBe(false);
  });

  it('a new person signs in at their organization’s provider and lands in the console, created as an Org User', async () => {
    await startSignIn(personPage, `nora@${OIDC_ORG.domain}`);
    // Single sign-on only: straight to the customer's own login page, the email as a hint.
    await personPage.waitForURL((url) => url.origin === new URL(customer.issuer).origin);
    await saveScreenshot(personPage, JOURNEY, 'customer login page');
    await personPage.getByLabel('Username').fill('nora');
    await personPage.getByRole('button', { name: 'Sign in' }).click();
    await personPage.waitForURL(onConsole);
    await waitForHome(personPage);
    await saveScreenshot(personPage, JOURNEY, 'new person home');
    expect(await userOf(`nora@${OIDC_ORG.domain}`)).toMatchObject({ name: 'Nora North', role: 'orgUser' });
  });

  it('the provider’s name change reaches Meridian at the next sign-in of the existing person', async () => {
    await person.context.clearCookies();
    await personPage.evaluate(() => localStorage.clear());
    customer.setAccount('nora', { email: `nora@${OIDC_ORG.domain}`, givenName: 'Nora', familyName: 'Northwood' });
    await startSignIn(personPage, `nora@${OIDC_ORG.domain}`);
    await personPage.getByLabel('Username').fill('nora');
    await personPage.getByRole('button', { name: 'Sign in' }).click();
    await personPage.waitForURL(onConsole);
    await waitForHome(personPage);
    expect(await userOf(`nora@${OIDC_ORG.domain}`)).toMatchObject({ name: 'Nora Northwood' });
  });

  it('refuses, in words, an account the provider vouches for outside the organization’s domains', async () => {
    await person.context.clearCookies();
    await personPage.evaluate(() => localStorage.clear());
    await startSignIn(personPage, `someone@${OIDC_ORG.domain}`);
    await personPage.getByLabel('Username').fill('outsider');
    await personPage.getByRole('button', { name: 'Sign in' }).click();
    await personPage.getByRole('heading', { name: 'Sign-in refused' }).waitFor();
    expect(await personPage.getByRole('alert').innerText()).toContain(
      `nora@elsewhere.test is not an address of ${OIDC_ORG.name} (${OIDC_ORG.domain})`,
    );
    await saveScreenshot(personPage, JOURNEY, 'refused outside domains');
    // A failed sign-in through the provider is in the trail, as a wrong password is: method and reason.
    const trail = (await asOperator(
      'GET',
      `/audit-events?organizationId=${OIDC_ORG.id}&action=sign-in.failed&targetId=${encodeURIComponent('nora@elsewhere.test')}`,
    )) as { data: { details: unknown }[] };
    expect(trail.data.map((event) => event.details)).toEqual([{ method: 'oidc', reason: 'sso-outside-domains' }]);
  });

  it('over SAML: the organization’s sign-in is offered beside the password, and its IdP signs a new person in', async () => {
    await person.context.clearCookies();
    await personPage.evaluate(() => localStorage.clear());
    await startSignIn(personPage, `sam@${SAML_ORG.domain}`);
    await personPage.getByRole('button', { name: `Continue with ${SAML_ORG.name}’s sign-in` }).click();
    await personPage.waitForURL((url) => url.origin === new URL(idp.metadataUrl).origin);
    await personPage.getByLabel('Email').fill(`sam@${SAML_ORG.domain}`);
    await personPage.getByRole('button', { name: 'Sign in' }).click();
    // The IdP's answer is posted to Meridian's ACS from the IdP's own page (another site).
    await personPage.getByRole('button', { name: 'Continue' }).click();
    await personPage.waitForURL(onConsole);
    await waitForHome(personPage);
    expect(await userOf(`sam@${SAML_ORG.domain}`)).toMatchObject({ name: 'Sam South', role: 'orgUser' });
  });

  it('over SAML: the same person signs in again as the existing user, their new name following', async () => {
    await person.context.clearCookies();
    await personPage.evaluate(() => localStorage.clear());
    idp.users.set(`sam@${SAML_ORG.domain}`, {
      email: `sam@${SAML_ORG.domain}`,
      givenName: 'Sam',
      familyName: 'Southey',
    });
    await startSignIn(personPage, `sam@${SAML_ORG.domain}`);
    await personPage.getByRole('button', { name: `Continue with ${SAML_ORG.name}’s sign-in` }).click();
    await personPage.getByLabel('Email').fill(`sam@${SAML_ORG.domain}`);
    await personPage.getByRole('button', { name: 'Sign in' }).click();
    await personPage.getByRole('button', { name: 'Continue' }).click();
    await personPage.waitForURL(onConsole);
    await waitForHome(personPage);
    expect(await userOf(`sam@${SAML_ORG.domain}`)).toMatchObject({ name: 'Sam Southey', role: 'orgUser' });
  });
});

/**
 * Issue 39: "Only single sign-on" cannot lock a hospital out. The hospital's own Org Admin turns it on,
 * is told first how many people lose password sign-in (their admins among them) and that Org Admins keep
 * their password with a second factor; then, the identity provider aside, they still sign in that way,
 * and a wrong password keeps the way to the identity provider on the page.
 */
describe('single sign-on only keeps the Org Admin’s emergency way in', () => {
  const { issuer, webUrl } = inject('product');
  let customer: CustomerOidc;
  let admin: JourneyBrowser;
  let adminPage: Page;
  let totpKey = '';

  beforeAll(async () => {
    customer = await startCustomerOidc({
      clients: [{ ...CLIENT, redirectUris: [`${issuer}/sso/oidc/callback`] }],
      accounts: {},
    });
    await createOrganization(EMERGENCY_ORG);
    await activateOrganization(EMERGENCY_ORG.id);
    for (const person of [EMERGENCY_ADMIN, EMERGENCY_USER])
      await asOperator('POST', `/user?organizationId=${EMERGENCY_ORG.id}`, person);
    // The Org Admin sets up an authenticator app at their first sign-in.
    await asOperator('PUT', `/organization?organizationId=${EMERGENCY_ORG.id}`, { requireMfa: true });
    admin = await openBrowser();
    adminPage = await firstPage(admin);
  });

  afterAll(async () => {
    await admin?.close();
    await customer?.close();
  });

  it('its Org Admin sets up a second factor at their first sign-in', async () => {
    await adminPage.goto(`${webUrl}/`);
    await submitLoginForm(adminPage, EMERGENCY_ADMIN.email, EMERGENCY_ADMIN.password);
    await adminPage.getByRole('heading', { name: 'Set up a second factor' }).waitFor();
    totpKey = ((await adminPage.locator('#totp-key').textContent()) ?? '').replace(/\s+/g, '');
    await adminPage.getByLabel('Code from the app').fill(await generate({ secret: totpKey }));
    await adminPage.getByRole('button', { name: 'Confirm' }).click();
    await adminPage.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await adminPage.getByRole('checkbox', { name: 'I have saved these codes' }).check();
    await adminPage.getByRole('button', { name: 'Continue' }).click();
    await adminPage.waitForURL(onConsole);
    await waitForHome(adminPage);
  });

  it('turns on “Only single sign-on” after a confirmation that says what changes, with the counts', async () => {
    await adminPage.goto(`${webUrl}/admin/org-management/${EMERGENCY_ORG.id}/update/sign-in`);
    await adminPage.getByRole('heading', { name: 'Sign-in', level: 2 }).waitFor();
    // What their IT registers at the provider is there before anything is saved.
    expect(await adminPage.getByLabel('Redirect URI', { exact: true }).inputValue()).toBe(
      `${issuer}/sso/oidc/callback`,
    );
    await adminPage.getByLabel('Issuer').fill(customer.issuer);
    await adminPage.getByLabel('Client id').fill(CLIENT.clientId);
    await adminPage.getByLabel('Client secret').fill(CLIENT.clientSecret);
    await adminPage.getByRole('checkbox', { name: 'Only single sign-on' }).check({ force: true });
    const emergency = adminPage.getByRole('checkbox', { name: /emergency access/ });
    expect(await emergency.isChecked()).toBe(true);
    // Only an operator may take it away.
    expect(await emergency.isDisabled()).toBe(true);
    await adminPage.getByRole('button', { name: 'Save', exact: true }).click();

    const dialog = adminPage.getByRole('alertdialog', { name: 'Save single sign-on?' });
    await dialog
      .getByText(
        `2 people of ${EMERGENCY_ORG.name} will sign in only through its identity provider: password sign-in and password reset end for them, its Org Admin included.`,
      )
      .waitFor();
    expect(await dialog.innerText()).toMatch(
      /Org Admins keep their \S+ password, with a second factor, as the emergency way in/,
    );
    await saveScreenshot(adminPage, JOURNEY, 'sso only confirmation');
    await dialog.getByRole('button', { name: 'Save single sign-on' }).click();
    await adminPage
      .locator('.meridian-toast-body', { hasText: `Single sign-on of ${EMERGENCY_ORG.name} saved.` })
      .waitFor();
    expect(await asOperator('GET', `/organization/${EMERGENCY_ORG.id}/sso`)).toMatchObject({
      connection: { protocol: 'oidc', ssoOnly: true, adminEmergencyAccess: true },
    });
  });

  it('signs the Org Admin in with their password and second factor; a wrong password keeps “Continue with”', async () => {
    await admin.context.clearCookies();
    await adminPage.evaluate(() => localStorage.clear());
    await adminPage.goto(`${webUrl}/`);
    await adminPage.getByLabel('Email').fill(EMERGENCY_ADMIN.email);
    await adminPage.getByRole('button', { name: 'Administrator emergency access with a password' }).click();
    const continueWith = adminPage.getByRole('button', { name: `Continue with ${EMERGENCY_ORG.name}’s sign-in` });
    await continueWith.waitFor();

    await adminPage.getByLabel('Password').fill('not-the-password-1');
    await adminPage.getByRole('button', { name: 'Sign in with password' }).click();
    await adminPage.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(await continueWith.isVisible()).toBe(true);
    await saveScreenshot(adminPage, JOURNEY, 'emergency access after a wrong password');

    await adminPage.getByLabel('Password').fill(EMERGENCY_ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign in with password' }).click();
    await adminPage.getByRole('heading', { name: 'Confirm it’s you' }).waitFor();
    // The next time step's code: the enrollment's own was spent (a code signs in once).
    const code = await generate({ secret: totpKey, epoch: Math.floor(Date.now() / 1000) + 30 });
    await adminPage.getByLabel('Authentication code').fill(code);
    await adminPage.getByRole('button', { name: 'Verify' }).click();
    await adminPage.waitForURL(onConsole);
    await waitForHome(adminPage);
  });

  it('keeps the organization’s other people to their identity provider', async () => {
    const response = await fetch(`${inject('product').restUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMERGENCY_USER.email, password: EMERGENCY_USER.password }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain(
      `${EMERGENCY_ORG.name} signs in through its own identity provider`,
    );
  });
});
