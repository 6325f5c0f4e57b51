import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startPlatform } from '@meridian/platform';
import { startGatewayProcess } from '../e2e/support/gateway-process.js';
import { repoRoot, webDir } from '../e2e/support/paths.js';
import { freePort } from '../e2e/support/ports.js';
import { serveStatic } from '../e2e/support/static-server.js';

/** The product as the web bench measures it: a production build served statically, platform and gateway. */
export interface WebBenchProduct {
  /** The console's origin (no trailing slash). */
  webUrl: string;
  issuer: string;
  restUrl: string;
  /** The built console (its `.vite/manifest.json` included). */
  distDir: string;
  seedPassword: string;
  cliClient: { id: string; secret: string };
  close(): Promise<void>;
}

const PRODUCT_NAME = 'Meridian';
const CONSOLE_CLIENT_ID = 'meridian-console';

/** Runs `node <args>` in `cwd` as a production build would; rejects with the tail of its output. */
function runNode(what: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (${code}):\n${output}`))));
  });
}

/** `pnpm codegen`, then `vite build --manifest` of the console into `outDir` (the manifest names each chunk's imports). */
async function buildWebWithManifest(outDir: string): Promise<void> {
  await runNode('pnpm codegen', [path.join(repoRoot, 'scripts', 'pnpm.mjs'), 'run', 'codegen'], repoRoot);
  const vite = path.join(webDir, 'node_modules', 'vite', 'bin', 'vite.js');
  await runNode(
    'vite build',
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    webDir,
  );
}

/**
 * Like the browser journeys' product (tests/e2e/support/product.ts), with the 100,000-user organization
 * seeded (`seedScale`) for the users list at scale; the gateway in its own process, as in production.
 */
export async function startWebBenchProduct(log: (message: string) => void): Promise<WebBenchProduct> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-web-'));
  const stops: (() => Promise<void>)[] = [() => rm(workDir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const distDir = path.join(workDir, 'web');
    log('web: building the console (pnpm codegen, vite build --manifest)…');
    await buildWebWithManifest(distDir);
    const web = await serveStatic(distDir);
    stops.push(() => web.close());

    const gatewayPort = await freePort();
    const audience = `http://localhost:${gatewayPort}/graphql`;
    log('web: starting the platform (migrations and seed, 100,000 users included)…');
    const config = loadConfig({
      APP_ENV: 'testing',
      LOG_LEVEL: 'silent',
      PRODUCT_NAME,
      PLATFORM_PORT: '0',
      OIDC_PORT: '0',
      DATA_DIR: path.join(workDir, 'data'),
      CONSOLE_URL: web.origin,
      CONSOLE_CLIENT_ID,
      GATEWAY_AUDIENCE: audience,
    });
    const platform = await startPlatform(config, { seedScale: true, logger: false });
    stops.push(() => platform.close());

    log('web: starting the gateway…');
    const gateway = await startGatewayProcess(gatewayPort, {
      APP_ENV: 'production',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PRODUCT_NAME,
      PLATFORM_API_URL: platform.restUrl,
      OIDC_ISSUER: platform.issuer,
      GATEWAY_AUDIENCE: audience,
      CORS_ORIGINS: web.origin,
      CONSOLE_URL: web.origin,
      RATE_LIMIT_PER_MINUTE: '0',
    });
    stops.push(() => gateway.close());

    await writeFile(
      path.join(distDir, 'config.json'),
      JSON.stringify({
        productName: PRODUCT_NAME,
        gatewayUrl: gateway.url,
        oidc: { issuer: platform.issuer, clientId: CONSOLE_CLIENT_ID },
      }),
    );
    return {
      webUrl: web.origin,
      issuer: platform.issuer,
      restUrl: platform.restUrl,
      distDir,
      seedPassword: config.seedPassword,
      cliClient: { id: config.cliClientId, secret: config.cliClientSecret },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
