import { readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { createRequire } from 'node:module';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { ProviderKeys } from './auth/jwks.js';
import { EndedSessions } from './auth/ended-sessions.js';
import { VerifiedTokenCache } from './auth/token-cache.js';
import { UserRecordCache } from './auth/user-cache.js';
import type { GatewayConfig } from './config.js';
import type { GatewayRequestContext } from './context.js';
import { applyAccessDirectives } from './directives/transform.js';
import { createApolloServer } from './http/apollo.js';
import { createHttpApp } from './http/handler.js';
import { TrustedDocuments } from './trusted-documents/manifest.js';
import { PreparedOperations } from './prepared/operations.js';
import { RateLimiter } from './shared-state/rate-limiter.js';
import { RevocationFeed } from './shared-state/revocation-feed.js';
import { SharedRedis } from './shared-state/redis.js';
import { UserChanges } from './shared-state/user-changes.js';
import { resolvers } from './modules/index.js';
import { createLogger } from './observability/logger.js';
import { GatewayMetrics } from './observability/metrics.js';
import { PlatformTransport } from './platform/client.js';

/** The printed contract, as the @meridian/schema package exports it (the same file in a deployment). */
export function loadContract(): string {
  return readFileSync(createRequire(import.meta.url).resolve('@meridian/schema/schema.graphql'), 'utf8');
}

/**
 * The console's operations. Without the file (no `pnpm codegen` yet) every document is the caller's
 * own: refused at start in production, said once in the log elsewhere.
 */
function trustedDocumentsOf(config: GatewayConfig, log: Logger): TrustedDocuments {
  const documents = TrustedDocuments.loadIfPresent(config.trustedDocumentsFile);
  if (documents) {
    log.info({ file: config.trustedDocumentsFile, documents: documents.size }, 'Trusted documents loaded');
    return documents;
  }
  const missing = `No trusted documents at ${config.trustedDocumentsFile} (pnpm codegen writes them; TRUSTED_DOCUMENTS names another file)`;
  if (config.appEnv === 'production') throw new Error(missing);
  log.warn(`${missing}: only callers ARBITRARY_DOCUMENTS allows can run anything.`);
  return TrustedDocuments.empty();
}

/** The executable schema: the contract, the domain modules' resolvers, and the access directives applied. */
export function buildGatewaySchema(): GraphQLSchema {
  const schema = makeExecutableSchema<GatewayRequestContext>({
    typeDefs: loadContract(),
    resolvers: resolvers as Parameters<typeof makeExecutableSchema<GatewayRequestContext>>[0]['resolvers'],
  });
  return applyAccessDirectives(schema);
}

/**
 * How long a verified token is reused (never past its exp): a token signed by a key the provider has
 * withdrawn works at most this long after it was last verified.
 */
const TOKEN_CACHE_TTL_MS = 60_000;

export interface GatewayOptions {
  /** Logs go here (default: JSON on stdout at config.logLevel). */
  logger?: Logger;
}

export interface Gateway {
  /** The node:http listener (Fastify's); it listens nowhere itself (main.ts and tests choose the port). */
  handler: RequestListener;
  /** Starts Apollo; requests wait for it, so calling it is optional but surfaces startup errors. */
  ready(): Promise<void>;
  /** Stops Apollo and closes the platform connection pool. Close the HTTP server first. */
  close(): Promise<void>;
  metrics: GatewayMetrics;
  log: Logger;
}

/** Builds the gateway from its configuration. */
export async function buildGateway(config: GatewayConfig, options: GatewayOptions = {}): Promise<Gateway> {
  const log = options.logger ?? createLogger(config.logLevel);
  const metrics = new GatewayMetrics();
  const transport = new PlatformTransport(config, metrics);
  const keys = new ProviderKeys(config);
  const users = new UserRecordCache(config.userCacheTtlMs);
  const tokens = new VerifiedTokenCache(TOKEN_CACHE_TTL_MS);
  const redis = config.redisUrl ? await SharedRedis.open(config.redisUrl, log) : undefined;
  const limiter = new RateLimiter(config.rateLimitPerMinute, redis);
  const userChanges = new UserChanges(users, redis, log);
  const ended = config.sessionRevocationCheck ? new EndedSessions() : undefined;
  // Its own transport: the feed's polls are not the requests' upstream calls (metrics, connections).
  const feedTransport = ended ? new PlatformTransport(config) : undefined;
  const feed =
    ended && feedTransport ? new RevocationFeed(feedTransport, ended, config.sessionRevocationPollMs, log) : undefined;
  const schema = buildGatewaySchema();
  const prepared = new PreparedOperations();
  const trustedDocuments = trustedDocumentsOf(config, log);
  const apollo = createApolloServer(schema, config, log, trustedDocuments, prepared);

  let starting: Promise<void> | undefined;
  // Requests wait for the ended sessions too: a token revoked before this replica started is refused.
  const ready = () => (starting ??= Promise.all([apollo.start(), feed?.start()]).then(() => undefined));
  const http = createHttpApp({
    config,
    apollo,
    schema,
    prepared,
    trustedDocuments,
    keys,
    tokens,
    ended,
    transport,
    users,
    userChanges,
    limiter,
    log,
    metrics,
    started: ready,
    readiness: {
      platform: async () => {
        await transport.send({ method: 'GET', path: '/healthz' }, { requestId: 'readiness', log });
      },
      jwks: () => keys.check(),
    },
    // Without Redis the gateway still serves, with per-process limits; without the feed of ended sessions
    // it serves tokens of sessions ended since (the platform still refuses them): degraded, not unready.
    degradable: {
      ...(redis ? { redis: () => redis.healthy } : {}),
      ...(feed ? { sessionRevocations: () => feed.healthy } : {}),
    },
  });

  return {
    handler: http.listener,
    ready: async () => {
      await http.app.ready();
      await ready();
    },
    close: async () => {
      limiter.stop();
      feed?.stop();
      await http.app.close();
      if (starting) await apollo.stop();
      await transport.close();
      await feedTransport?.close();
      await redis?.close();
    },
    metrics,
    log,
  };
}
