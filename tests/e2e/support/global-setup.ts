import { mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { screenshotDir } from './paths.js';
import { startProduct, type ProductUrls } from './product.js';

declare module 'vitest' {
  export interface ProvidedContext {
    product: ProductUrls;
    /** The console's build the product serves: the cluster tests serve a copy with their own config.json. */
    consoleBuild: string;
  }
}

/** Starts the product once for the whole browser run (journeys and cluster tests); every journey reaches it through inject('product'). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  await rm(screenshotDir, { recursive: true, force: true });
  await mkdir(screenshotDir, { recursive: true });
  const product = await startProduct((message) => console.info(`[e2e] ${message}`));
  console.info(`[e2e] Product ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${product.webUrl}`);
  const { webUrl, gatewayUrl, issuer, restUrl, seedPassword } = product;
  project.provide('product', { webUrl, gatewayUrl, issuer, restUrl, seedPassword });
  project.provide('consoleBuild', product.distDir);
  return () => product.close();
}
