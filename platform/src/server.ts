import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildRestApi } from './app.js';
import { defaultScimBaseUrl, type PlatformConfig } from './config.js';
import { startDailyBackups } from './backup/daily.js';
import { openConfiguredDatabase, type Database } from './db/database.js';
import { ADVISORY_LOCKS } from './db/locks.js';
import { migrate } from './db/migrate.js';
import { reportDomainOverlaps } from './domain/organization-domains.js';
import { holdPglite } from './db/pglite-lock.js';
import { startJobSweeper } from './domain/jobs.js';
import { startWebhookSender } from './domain/webhooks/sender.js';
import { deleteOldDeliveries } from './stores/webhooks.js';
import { deleteStaleLoginFailures } from './domain/login.js';
import { deleteStaleFactorProofs } from './domain/mfa/reauthentication.js';
import { deleteStaleSessions } from './domain/sessions.js';
import { deleteExpiredModels } from './stores/oidc-models.js';
import { ensureSigningKeys, KEY_REFRESH_MS, LiveSigningKeys, type SigningKeys } from './domain/signing-keys.js';
import { createProvider, type ProviderOptions } from './oidc/provider.js';
import { buildProviderApp, type ProviderSite } from './oidc/provider-app.js';
import { providerPages } from './oidc/routes.js';
import { seedOnStart } from './seed/seed.js';
import { logFailure } from './observability/error-log.js';

export interface StartOptions {
  /** Also seed the 100,000-user organization (first start only). */
  seedScale?: boolean;
  /** Use this database (already open); the platform then leaves closing it to the caller. */
  db?: Database;
  /** Log requests (Fastify's logger at config.logLevel); false keeps tests quiet. */
  logger?: boolean;
  /** Seed a new database and re-anchor the demo accounts (default true; tests bring their fixture). */
  seed?: boolean;
  /** Behind one proxy that sets X-Forwarded-* (nginx); default: env TRUST_PROXY=true. */
  trustProxy?: boolean;
  /**
   * Keep config.issuer even when oidcPort is 0 (replicas behind one proxy in tests); by default port 0
   * makes the issuer this provider's own URL.
   */
  keepIssuer?: boolean;
  /** How often the signing keys are re-read from the database (tests shorten it). */
  keyRefreshMs?: number;
}

export interface RunningPlatform {
  restUrl: string;
  issuer: string;
  /** The configuration in effect (ports and issuer resolved when port 0 was asked for). */
  config: PlatformConfig;
  db: Database;
  /** The signing keys in effect now (the first signs); they follow rotations without a restart. */
  readonly keys: SigningKeys;
  /** Where this replica's provider itself listens (the issuer may be a proxy in front of several). */
  oidcUrl: string;
  close(): Promise<void>;
}

/** Expired provider rows and stale sign-in failures are removed this often. */
const HOUSEKEEPING_MS = 10 * 60 * 1000;

/** Listens on `port` (0: any free one) and says which. */
async function listenOn(app: FastifyInstance, host: string, port: number): Promise<number> {
  await app.listen({ host, port });
  return (app.server.address() as AddressInfo).port;
}

const urlHost = (host: string) =>
  host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;

function startHousekeeping(db: Database): () => void {
  const timer = setInterval(() => {
    Promise.all([
      deleteExpiredModels(db),
      deleteStaleLoginFailures(db),
      deleteStaleFactorProofs(db),
      deleteStaleSessions(db),
      deleteOldDeliveries(db),
    ]).catch((error: unknown) => logFailure('Housekeeping of sign-in data and webhook logs failed', error));
  }, HOUSEKEEPING_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The provider of one key set, with its sign-in pages. */
function providerSite(options: ProviderOptions & { db: Database }): ProviderSite {
  const provider = createProvider(options);
  return {
    callback: provider.callback(),
    pages: providerPages(provider, options.db, options.config),
  };
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
  try {
    // The embedded database's holder is recorded until it has closed (tools refuse to open it meanwhile).
    if (ownsDb && db.kind === 'pglite') stops.push(await holdPglite(baseConfig.dataDir));
    if (ownsDb) stops.push(() => db.close());
    await migrate(db);
    if (options.seed !== false) {
      // Replicas starting together on a new database: one seeds, the others then find it seeded.
      await db.exclusive(ADVISORY_LOCKS.seed, async () => {
        await seedOnStart(db, baseConfig, { scale: options.seedScale ?? false });
      });
    }
    await ensureSigningKeys(db, baseConfig.dataDir);
    const keys = await LiveSigningKeys.open(db);

    const trustProxy = options.trustProxy ?? process.env.TRUST_PROXY === 'true';
    const oidc = await buildProviderApp({
      config: baseConfig,
      trustProxy,
      ...(options.logger === false ? { logger: false } : {}),
    });
    stops.push(() => oidc.app.close());
    // Port 0: the issuer names the port, known only once listening. A fixed port listens only once the
    // provider answers, so a replica behind nginx never takes requests while it starts (503s).
    const listenEarly = baseConfig.oidcPort === 0;
    const oidcPort = listenEarly ? await listenOn(oidc.app, baseConfig.host, 0) : baseConfig.oidcPort;
    const issuer = listenEarly && !options.keepIssuer ? `http://localhost:${oidcPort}` : baseConfig.issuer;
    const config: PlatformConfig = { ...baseConfig, issuer, oidcPort };

    const rest: FastifyInstance = await buildRestApi({
      config,
      db,
      verifier: { issuer, audience: config.audience, keys: keys.getKey },
      trustProxy,
      ...(options.logger === false ? { logger: false } : {}),
    });
    stops.push(() => rest.close());
    // Domains kept from before their rule held (migration 020) are said, not changed (decisions.md).
    await reportDomainOverlaps(db, rest.log);
    await rest.listen({ host: config.host, port: config.restPort });
    const restPort = (rest.server.address() as AddressInfo).port;
    // Known only now (port 0): the running platform's config reports it, and the SCIM base URL shown with
    // tokens (read per request) names it when SCIM_BASE_URL did not say another.
    if (config.scimBaseUrl === defaultScimBaseUrl(config.restPort)) config.scimBaseUrl = defaultScimBaseUrl(restPort);
    config.restPort = restPort;

    oidc.bind(providerSite({ config, db, keys: keys.current, trustProxy }));
    // A rotation (or a key's activation) seen in the database gets a provider with the new key set;
    // requests under way finish on the one they started with.
    keys.onChange((current) => oidc.bind(providerSite({ config, db, keys: current, trustProxy })));
    if (!listenEarly) await listenOn(oidc.app, config.host, oidcPort);
    stops.push(keys.start(options.keyRefreshMs ?? KEY_REFRESH_MS));

    stops.push(startJobSweeper(db, config));
    stops.push(startWebhookSender(db, config));
    stops.push(startHousekeeping(db));
    if (ownsDb && db.kind === 'pglite') stops.push(startDailyBackups(db, config.dataDir));

    return {
      restUrl: `http://${urlHost(config.host)}:${restPort}`,
      issuer,
      oidcUrl: `http://${urlHost(config.host)}:${oidcPort}`,
      config,
      db,
      get keys() {
        return keys.current;
      },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
