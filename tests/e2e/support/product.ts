import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startPlatform } from '@meridian/platform';
import { startGatewayProcess } from './gateway-process.js';
import { freePort } from '@meridian/platform/test-support';
import { serveStatic } from './static-server.js';
import { buildWeb } from './web-build.js';

/** Where the running product answers; handed to every journey (vitest's provide/inject). */
export interface ProductUrls {
  /** The console's origin (no trailing slash). */
  webUrl: string;
  gatewayUrl: string;
  issuer: string;
  restUrl: string;
  /** The seeded accounts' password. */
  seedPassword: string;
}

export interface RunningProduct extends ProductUrls {
  /** The built console being served. */
  distDir: string;
  /** The seeded internal-tool client (client credentials). */
  cliClient: { id: string; secret: string };
  close(): Promise<void>;
}

export interface ProductOptions {
  /** Seed the 100,000-user organization too (the benches' lists at scale). */
  seedScale?: boolean;
  /** The gateway with NODE_ENV and APP_ENV production, as it is measured. */
  production?: boolean;
  /** Build the console with `.vite/manifest.json` (the web bench weighs chunks by it). */
  manifest?: boolean;
}

const PRODUCT_NAME = 'Meridian';
const CONSOLE_CLIENT_ID = 'meridian-console';

/**
 * The whole product as a person meets it: the platform on a fresh PGlite with the full seed (the demo
 * accounts of the README), the gateway as its own process, and the console built by Vite and served
 * as static files with its runtime config.json pointing at both. Ports are chosen free; each part is
 * told the others' origins (redirect URIs, CORS, token audience).
 *
 * E2E_WEB_DIST=<dir> serves an existing build (its config.json is overwritten) instead of building.
 */
export async function startProduct(
  log: (message: string) => void = () => undefined,
  { seedScale = false, production = false, manifest = false }: ProductOptions = {},
): Promise<RunningProduct> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-e2e-'));
  const stops: (() => Promise<void>)[] = [() => rm(workDir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const distDir = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(workDir, 'web');
    if (!process.env.E2E_WEB_DIST) {
      log('Building the console (pnpm codegen, vite build)…');
      await buildWeb(distDir, { manifest });
    }
    const web = await serveStatic(distDir);
    stops.push(() => web.close());

    const gatewayPort = await freePort();
    const audience = `http://localhost:${gatewayPort}/graphql`;
    log(`Starting the platform (migrations and seed${seedScale ? ', 100,000 users included' : ''})…`);
    const platformConfig = loadConfig({
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
    const platform = await startPlatform(platformConfig, { seedScale, logger: false });
    stops.push(() => platform.close());

    log('Starting the gateway…');
    const gateway = await startGatewayProcess(gatewayPort, {
      // Production refuses to start without a metrics token of its own (issue 39 §2).
      ...(production
        ? { APP_ENV: 'production', NODE_ENV: 'production', METRICS_TOKEN: 'e2e-metrics-token' }
        : { APP_ENV: 'testing' }),
      LOG_LEVEL: 'silent',
      PRODUCT_NAME,
      PLATFORM_API_URL: platform.restUrl,
      OIDC_ISSUER: platform.issuer,
      GATEWAY_AUDIENCE: audience,
      CORS_ORIGINS: web.origin,
      CONSOLE_URL: web.origin,
      // Journeys sign in many times from one address; the limit is the gateway's own tests' business.
      RATE_LIMIT_PER_MINUTE: '0',
      // Trusted documents as in production for every journey but the operators' sandbox: the console
      // must work on its registered operations alone (sent by hash); the admin may explore the API.
      ARBITRARY_DOCUMENTS: 'tools,systemAdmin',
    });
    stops.push(() => gateway.close());

    await writeFile(
      path.join(distDir, 'config.json'),
      JSON.stringify(
        {
          productName: PRODUCT_NAME,
          gatewayUrl: gateway.url,
          oidc: { issuer: platform.issuer, clientId: CONSOLE_CLIENT_ID },
        },
        null,
        2,
      ),
    );
    return {
      webUrl: web.origin,
      gatewayUrl: gateway.url,
      issuer: platform.issuer,
      restUrl: platform.restUrl,
      seedPassword: platformConfig.seedPassword,
      distDir,
      cliClient: { id: platformConfig.cliClientId, secret: platformConfig.cliClientSecret },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
