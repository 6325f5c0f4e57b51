import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { behindOneProxy } from '@meridian/schema';
import { answerHeaders, drainOnClose } from '@meridian/schema/http-server';
import type { PlatformConfig } from './config.js';
import { ping, type Database } from './db/database.js';
import { authenticate, type TokenVerifier } from './http/auth.js';
import { MAX_PARAM_LENGTH, errorHandler, frameworkErrorHandler, notFoundHandler } from './http/errors.js';
import { limitJsonDepth } from './http/json-body.js';
import { OneLinePerRequest } from './http/request-log.js';
import { requestIdOf } from './http/request.js';
import { refuseControlCharacters, strictBodyValidators } from './http/validation.js';
import { registerRoutes } from './routes/index.js';
import { loggerOptions } from './http/logger.js';
import { activeTracing } from './observability/tracing.js';
import { registerMetrics } from './http/metrics.js';

export interface RestApiOptions {
  config: PlatformConfig;
  db: Database;
  verifier: TokenVerifier;
  /** Fastify's logger; false in tests. */
  logger?: boolean | object;
  /** Behind one proxy that sets X-Forwarded-For (nginx): a direct caller's address is nginx's last entry. */
  trustProxy?: boolean;
}

/** Builds the REST API; it listens nowhere (main.ts and tests choose the port). */
export async function buildRestApi(options: RestApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.config, options.logger),
    // The 5,000-row bulk calls must fit.
    bodyLimit: 5 * 1024 * 1024,
    genReqId: requestIdOf,
    // One line per request (method, route, status, duration, id); health checks at debug.
    logController: new OneLinePerRequest(),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // What the router refuses before any route (a bad or too long path parameter), in our words.
    frameworkErrors: frameworkErrorHandler,
    schemaController: { compilersFactory: strictBodyValidators() },
    // Stopping (SIGTERM), a request that arrives on a connection accepted before is served, not
    // refused with a 503: behind nginx it is on its way already and cannot go elsewhere.
    return503OnClosing: false,
    trustProxy: options.trustProxy ? behindOneProxy : false,
  });
  drainOnClose(app.server);
  // The route's span (@fastify/otel), only when tracing is on: registered before any route.
  const tracing = activeTracing();
  if (tracing) await app.register(tracing.fastifyPlugin);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  limitJsonDepth(app);
  refuseControlCharacters(app);
  app.decorateRequest('principal', null);
  // Callback hook: an async one costs every request a promise.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(answerHeaders(request.raw, options.config.replicaName, options.trustProxy === true));
    done();
  });
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    request.principal = await authenticate(request, options.verifier, options.db);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.config.productName} platform REST API`,
        version: '1.0.0',
        description: 'Organizations, users, licenses, credentials, catalog, provider directory and links, analytics.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => {
    await ping(options.db);
    return { status: 'ok' };
  });

  // Before the routes: its hook counts each of them.
  registerMetrics(app, options.db, options.config.metricsToken);
  await registerRoutes(app, { config: options.config, db: options.db });
  return app;
}
