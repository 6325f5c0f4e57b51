import type { Page } from 'playwright-core';

/**
 * Runs `steps` with the page's CPU slowed `rate` times (DevTools' throttling), as a slow machine would
 * run them, and restores the full speed whatever happens: a page left slowed fails every step after.
 */
export async function withSlowCpu(page: Page, rate: number, steps: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await steps();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}
