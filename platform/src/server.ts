import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildRestApi } from './app.js';
import type { PlatformConfig } from './config.js';
import { openConfiguredDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { startJobSweeper } from './domain/jobs.js';
import { deleteStaleLoginFailures } from './domain/login.js';
import { deleteExpiredModels } from './oidc/adapter.js';
import { interactionHandler } from './oidc/interactions.js';
import { localKeySet, loadOrCreateKeys, type SigningKeys } from './oidc/keys.js';
import { createProvider } from './oidc/provider.js';
import { reanchorDemoAccounts, seedIfEmpty } from './seed/seed.js';

export interface StartOptions {
  /** Also seed the 100,000-user organization (first start only). */
  seedScale?: boolean;
  /** Use this database (already open); the platform then leaves closing it to the caller. */
  db?: Database;
  /** Log requests (Fastify's logger at config.logLevel); false keeps tests quiet. */
  logger?: boolean;
  /** Seed a new database and re-anchor the demo accounts (default true; tests bring their fixture). */
  seed?: boolean;
  /** Trust X-Forwarded-* headers (behind nginx); default: env TRUST_PROXY=true. */
  trustProxy?: boolean;
}

export interface RunningPlatform {
  restUrl: string;
  issuer: string;
  /** The configuration in effect (ports and issuer resolved when port 0 was asked for). */
  config: PlatformConfig;
  db: Database;
  keys: SigningKeys;
  close(): Promise<void>;
}

/** Expired provider rows and stale sign-in failures are removed this often. */
const HOUSEKEEPING_MS = 10 * 60 * 1000;

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive connections would hold close() open.
    server.closeAllConnections();
  });
}

const urlHost = (host: string) =>
  host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;

/** The provider's server answers before the provider exists: with port 0 the issuer is known only after listen. */
function lateBoundServer() {
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  return { server, bind: (next: typeof handle) => (handle = next) };
}

function startHousekeeping(db: Database): () => void {
  const timer = setInterval(() => {
    Promise.all([deleteExpiredModels(db), deleteStaleLoginFailures(db)]).catch((error: unknown) =>
      console.error('Housekeeping of sign-in data failed', error),
    );
  }, HOUSEKEEPING_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Starts the platform: the database (migrated, seeded on first start), the REST API on restPort and the
 * OpenID provider on oidcPort, and the lifecycle job sweeper. close() stops all of it.
 */
export async function startPlatform(baseConfig: PlatformConfig, options: StartOptions = {}): Promise<RunningPlatform> {
  const ownsDb = !options.db;
  const db = options.db ?? (await openConfiguredDatabase(baseConfig));
  const stops: (() => Promise<void> | void)[] = [];
  let closing: Promise<void> | undefined;
  // Stops in reverse order of starting; calling it again waits for the same shutdown.
  const close = () =>
    (closing ??= (async () => {
      for (const stop of [...stops].reverse()) await stop();
    })());
  if (ownsDb) stops.push(() => db.close());
  try {
    await migrate(db);
    if (options.seed !== false) {
      await seedIfEmpty(db, baseConfig, { scale: options.seedScale ?? false });
      await reanchorDemoAccounts(db);
    }
    const keys = await loadOrCreateKeys(baseConfig.dataDir);

    const oidc = lateBoundServer();
    const oidcPort = await listen(oidc.server, baseConfig.host, baseConfig.oidcPort);
    stops.push(() => closeServer(oidc.server));
    const issuer = baseConfig.oidcPort === 0 ? `http://localhost:${oidcPort}` : baseConfig.issuer;
    const config: PlatformConfig = { ...baseConfig, issuer, oidcPort };

    const rest: FastifyInstance = await buildRestApi({
      config,
      db,
      verifier: { issuer, audience: config.audience, keys: localKeySet(keys) },
      ...(options.logger === false ? { logger: false } : {}),
    });
    stops.push(() => rest.close());
    await rest.listen({ host: config.host, port: config.restPort });
    const restPort = (rest.server.address() as AddressInfo).port;
    // Known only now (port 0); nothing in the REST API reads it, the running platform's config reports it.
    config.restPort = restPort;

    // Provider and sign-in page failures are bugs: they are printed even when request logs are off.
    const provider = createProvider({
      config,
      db,
      keys,
      trustProxy: options.trustProxy ?? process.env.TRUST_PROXY === 'true',
    });
    const interactions = interactionHandler({ provider, db, config });
    const providerCallback = provider.callback();
    oidc.bind((req, res) => {
      interactions(req, res)
        .then((handled) => {
          if (!handled) return providerCallback(req, res);
        })
        .catch((error: unknown) => {
          console.error('Sign-in page failed', error);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Something went wrong on our end.');
        });
    });

    stops.push(startJobSweeper(db, config));
    stops.push(startHousekeeping(db));

    return { restUrl: `http://${urlHost(config.host)}:${restPort}`, issuer, config, db, keys, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
