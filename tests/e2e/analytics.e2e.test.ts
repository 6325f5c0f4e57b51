import { readFile } from 'node:fs/promises';
import { MESSAGES } from '@meridian/schema';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.js';
import { openJourney } from './support/browser.js';
import { waitForHome } from './support/console.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';

const JOURNEY = 'analytics';
const CHARTED_SECTIONS = [
  'Organizations by segment and lifecycle state',
  'Users by role and active state',
  'License use against limits',
  'Credentials expiring in the next 30 days',
];
const ANALYTICS_CODE = /AnalyticsPage/;

/** Operation names of the GraphQL requests the page sent to the gateway. */
function graphqlOperations(requests: Request[], gatewayUrl: string): string[] {
  return requests
    .filter((request) => request.method() === 'POST' && request.url().startsWith(gatewayUrl))
    .map((request) => (request.postDataJSON() as { operationName?: string }).operationName ?? '(anonymous)');
}

/** The exact figure of a totals card (its visually hidden text; the card shows it abbreviated). */
async function totalOf(page: Page, label: string): Promise<number> {
  const card = page
    .getByRole('region', { name: 'Totals' })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  const exact = await card.locator('.meridian-visually-hidden').first().textContent();
  return Number((exact ?? '').replace(/,/g, ''));
}

describe('analytics for an operator', () => {
  const { webUrl, gatewayUrl, seedPassword } = inject('product');
  let page: Page;
  const requests: Request[] = [];
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    page.on('request', (request) => requests.push(request));
  });

  it('keeps the charting code out of home', async () => {
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await waitForHome(page);
    const scripts = requests.filter((request) => request.resourceType() === 'script').map((request) => request.url());
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => ANALYTICS_CODE.test(url))).toEqual([]);
  });

  it('draws every chart from one summary request', async () => {
    requests.length = 0;
    await page.goto(`${webUrl}/analytics`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    for (const title of CHARTED_SECTIONS) {
      // The chart's SVG, named by its <title> (keyboard-navigable: recharts' accessibility layer)...
      const chart = page.getByRole('figure', { name: `${title} (chart)` }).getByRole('application', { name: title });
      // ...is drawn: it holds bars (recharts draws them once it knows its width).
      await chart.locator('.recharts-bar-rectangle').first().waitFor();
    }
    const operations = graphqlOperations(requests, gatewayUrl);
    expect(operations.filter((name) => name === 'AnalyticsSummary')).toHaveLength(1);
    // Nothing else of the data: besides the summary only the session's own queries.
    expect(
      operations.filter((name) => !['AnalyticsSummary', 'SessionViewer', 'CatalogVersionCheck'].includes(name)),
    ).toEqual([]);
    // Trusted documents: every request names its operation by hash and carries no document text.
    for (const request of requests.filter((sent) => sent.method() === 'POST' && sent.url().startsWith(gatewayUrl))) {
      const body = request.postDataJSON() as {
        query?: string;
        extensions?: { persistedQuery?: { sha256Hash?: string } };
      };
      expect(body.query).toBeUndefined();
      expect(body.extensions?.persistedQuery?.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
    }
    await saveScreenshot(page, JOURNEY, 'operator light');
  });

  it('tables every organization’s license use and every role, agreeing with the totals', async () => {
    const licenseRows = page.getByRole('region', { name: 'License use against limits (table)' }).locator('tbody tr');
    expect(await licenseRows.count()).toBe(await totalOf(page, 'Organizations'));
    const roleTotals = await page
      .getByRole('region', { name: 'Users by role and active state (table)' })
      .locator('tbody tr td:last-child')
      .allTextContents();
    const users = roleTotals.reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0);
    expect(users).toBe(await totalOf(page, 'Users'));
  });

  it('exports a table as CSV in the browser, without another request', async () => {
    requests.length = 0;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV of Users by role and active state' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-users-by-role-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Role,Active,Inactive,Total');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Meridian Admin',
      'Meridian Viewer',
      'Org Admin',
      'Org User',
    ]);
    expect(graphqlOperations(requests, gatewayUrl)).toEqual([]);
  });

  it('follows the dark theme', async () => {
    // The console's stored theme choice (web/src/theme/theme-preference.ts), as the profile popover saves it.
    await page.evaluate(`localStorage.setItem('meridian.theme', 'dark')`);
    await page.reload();
    await page
      .getByRole('application', { name: 'License use against limits' })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    expect(await page.locator('body.bp6-dark').count()).toBe(1);
    // The axis labels are drawn in the dark theme's light text colour.
    const tickFill = await page
      .getByRole('figure', { name: 'Users by role and active state (chart)' })
      .locator('.recharts-cartesian-axis-tick-value')
      .first()
      .getAttribute('fill');
    expect(tickFill?.toLowerCase()).toBe('#f6f7f9');
    await saveScreenshot(page, JOURNEY, 'operator dark');
  });
});

describe('analytics refused for an Org User', () => {
  const { webUrl, gatewayUrl, seedPassword } = inject('product');
  let page: Page;
  const requests: Request[] = [];
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    page.on('request', (request) => requests.push(request));
  });

  it('sends an Org User home with the permission toast, asking the gateway nothing', async () => {
    await signIn(page, ACCOUNTS.orgUser, seedPassword);
    await waitForHome(page);
    requests.length = 0;
    await page.goto(`${webUrl}/analytics`);
    await page.getByText(MESSAGES.permissionDenied).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await waitForHome(page);
    expect(graphqlOperations(requests, gatewayUrl)).not.toContain('AnalyticsSummary');
    await saveScreenshot(page, JOURNEY, 'org user refused');
  });
});
