import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@meridian/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.js';
import { openJourney } from './support/browser.js';
import { waitForHome } from './support/console.js';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { freePort } from '@meridian/platform/test-support';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { tcpSwitch, type TcpSwitch } from './support/tcp-switch.js';

const JOURNEY = 'platform down';

/**
 * The platform's REST API goes away mid-journey and comes back: the console says so in plain words
 * and recovers by itself. This journey's console talks to a gateway of its own, which reaches the
 * platform's REST API through a switch whose port is closed (connections refused) and opened again.
 */
describe('the platform out of reach, then back', () => {
  const { webUrl, gatewayUrl, issuer, restUrl, seedPassword } = inject('product');
  let page: Page;
  let rest: TcpSwitch;
  let gateway: GatewayProcess;
  const configFile = path.join(inject('consoleBuild'), 'config.json');
  let productConfig: string | undefined;
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    rest = await tcpSwitch(restUrl);
    gateway = await startGatewayProcess(await freePort(), {
      APP_ENV: 'testing',
      LOG_LEVEL: 'silent',
      PRODUCT_NAME: 'Meridian',
      PLATFORM_API_URL: rest.url,
      OIDC_ISSUER: issuer,
      // The tokens' audience is the product's gateway: this one accepts the same.
      GATEWAY_AUDIENCE: gatewayUrl,
      CORS_ORIGINS: webUrl,
      CONSOLE_URL: webUrl,
      RATE_LIMIT_PER_MINUTE: '0',
      // Callers' records are not reused: every request needs the platform, as after the cache's 30 s.
      USER_CACHE_TTL_MS: '0',
    });
    // The console talks to this journey's gateway: the served build's config.json names it for the
    // journey (the static server derives the Content-Security-Policy from it, as a deployment does).
    // Journeys run one at a time; afterAll puts the product's configuration back.
    productConfig = await readFile(configFile, 'utf8');
    await writeFile(configFile, JSON.stringify({ ...JSON.parse(productConfig), gatewayUrl: gateway.url }));
  }, 90_000);

  afterAll(async () => {
    if (productConfig) await writeFile(configFile, productConfig);
    await gateway?.close();
    await rest?.close();
  });

  it('says the service cannot be reached, in words, never the transport’s', async () => {
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await waitForHome(page);
    await rest.off();
    await page.goto(`${webUrl}/analytics`);
    await page.getByText(MESSAGES.serviceUnavailable).first().waitFor({ timeout: 30_000 });
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/Connection (refused|reset)|PLATFORM_UNAVAILABLE|ECONNREFUSED|127\.0\.0\.1/);
    await saveScreenshot(page, JOURNEY, 'unreachable');
  });

  it('recovers by itself once the platform answers again', async () => {
    await rest.on();
    await page.getByRole('heading', { name: 'Organizations by segment' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(MESSAGES.serviceUnavailable).count()).toBe(0);
    await saveScreenshot(page, JOURNEY, 'recovered');
  });
});
