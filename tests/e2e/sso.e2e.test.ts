import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCustomerOidc, startSamlIdp, type CustomerOidc, type SamlIdp } from '@meridian/platform/test-support';
import { ACCOUNTS } from './support/accounts.js';
import { firstPage, openBrowser, openJourney, type JourneyBrowser } from './support/browser.js';
import { waitForHome } from './support/console.js';
import { toolToken } from './support/platform-api.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { activateOrganization } from './support/user-admin.js';

const JOURNEY = 'single-sign-on';

/** This journey's own organizations, so that no other journey's people are sent to a customer's provider. */
const OIDC_ORG = { id: 'e2e-sso-oidc', name: 'Oidc Journey Health', domain: 'oidc-journey.test' };
const SAML_ORG = { id: 'e2e-sso-saml', name: 'Saml Journey Health', domain: 'saml-journey.test' };
const CLIENT = { clientId: 'meridian-e2e', clientSecret: 'e2e-customer-secret' };

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

const createOrganization = (org: typeof OIDC_ORG) =>
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
    await page.getByLabel('Client secret').fill(CLIENT.clientSecret);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const verdict = page.getByRole('status').filter({ hasText: 'The connection works' });
    await verdict.waitFor();
    expect(await verdict.innerText()).toContain(`Found ${customer.issuer}`);
    await page.getByRole('checkbox', { name: 'Only single sign-on' }).check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    // Saved: what the customer's IT registers on their side is shown, ready to copy.
    const redirectUri = page.getByLabel('Redirect URI');
    await redirectUri.waitFor();
    expect(await redirectUri.inputValue()).toBe(`${issuer}/sso/oidc/callback`);
    await saveScreenshot(page, JOURNEY, 'oidc connection saved');
    expect(await asOperator('GET', `/organization/${OIDC_ORG.id}/sso`)).toMatchObject({
      connection: { protocol: 'oidc', ssoOnly: true, issuer: customer.issuer, hasClientSecret: true },
    });
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
