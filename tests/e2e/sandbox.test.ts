import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.js';
import { waitForHome } from './support/console.js';
import { openJourney } from './support/browser.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { storageItem, storageKeys } from './support/storage.js';

const JOURNEY = 'sandbox';
/** GraphiQL's own code: Monaco, its workers, the sandbox route's chunk. */
const SANDBOX_CODE = /monaco|SandboxPage|graphiql|\.worker/i;

/** A developer signs in and runs a query in /sandbox as themselves. */
describe('API sandbox', () => {
  const { webUrl, gatewayUrl, issuer, seedPassword } = inject('product');
  let page: Page;
  const requests: Request[] = [];
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    page.on('request', (request) => requests.push(request));
  });

  it('is not part of what the other pages load', async () => {
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await waitForHome(page);
    const homeScripts = requests.filter((r) => r.resourceType() === 'script').map((r) => r.url());
    expect(homeScripts.length).toBeGreaterThan(0);
    expect(homeScripts.filter((url) => SANDBOX_CODE.test(url))).toEqual([]);
  });

  it('opens GraphiQL signed in, from the console’s own files only', async () => {
    requests.length = 0;
    await page.goto(`${webUrl}/sandbox`);
    await page.locator('.graphiql-container').waitFor();
    await page.getByRole('button', { name: /^Execute query/ }).waitFor();
    await expect.poll(() => page.title()).toBe('Meridian | API Sandbox');
    const origins = new Set(requests.map((r) => new URL(r.url()).origin));
    for (const origin of origins) expect([webUrl, new URL(gatewayUrl).origin, issuer]).toContain(origin);
    expect(requests.some((r) => SANDBOX_CODE.test(r.url()))).toBe(true);
  });

  it('runs a query as the signed-in user, with their token', async () => {
    requests.length = 0;
    // GraphiQL ignores Execute until its result editor exists (Monaco, created after the page shows).
    await page.locator('.graphiql-response .monaco-editor').waitFor();
    await page.getByRole('button', { name: /^Execute query/ }).click();
    await expect.poll(() => page.locator('.graphiql-response').innerText()).toContain(ACCOUNTS.admin);
    const sent = requests.find((r) => r.url() === gatewayUrl && r.method() === 'POST');
    expect(sent?.headers().authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    await saveScreenshot(page, JOURNEY, 'query run');
  });

  it('shows the schema’s doc strings', async () => {
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().click();
    await page.getByText('The signed-in user.').waitFor();
    await saveScreenshot(page, JOURNEY, 'docs');
  });

  it('keeps a history of the queries run, stored under the user’s own name', async () => {
    await page.getByRole('button', { name: 'Show History' }).click();
    await page.locator('.graphiql-history').getByText('Me').first().waitFor();
    await saveScreenshot(page, JOURNEY, 'history');
    const keys = await storageKeys(page);
    expect(keys.filter((key) => key.startsWith('meridian.sandbox.')).length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.startsWith('graphiql:'))).toEqual([]);
    expect(await storageItem(page, `meridian.sandbox.${ACCOUNTS.admin}.graphiql:queries`)).toContain('query Me');

    // After a reload the history pane is open again and still lists the query.
    await page.reload();
    await page.locator('.graphiql-history').getByText('Me').first().waitFor();
  });

  it('follows the console’s dark theme', async () => {
    await page.evaluate(`localStorage.setItem('meridian.theme', 'dark')`);
    await page.reload();
    await page.locator('.graphiql-container').waitFor();
    await expect.poll(() => page.evaluate<string>('document.body.className')).toContain('graphiql-dark');
    await saveScreenshot(page, JOURNEY, 'dark');
    await page.evaluate(`localStorage.setItem('meridian.theme', 'light')`);
    await page.reload();
    await page.locator('.graphiql-container').waitFor();
    await expect.poll(() => page.evaluate<string>('document.body.className')).toContain('graphiql-light');
  });

  it('leads back to the console', async () => {
    await page.getByRole('link', { name: 'Back to console' }).click();
    await waitForHome(page);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
