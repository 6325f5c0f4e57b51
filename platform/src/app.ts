import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { PlatformConfig } from './config.js';
import type { Database } from './db/database.js';
import { authenticate, type TokenVerifier } from './http/auth.js';
import { closeIdleConnectionsLater } from './http/drain.js';
import { errorHandler } from './http/errors.js';
import { requestIdOf } from './http/request.js';
import { refuseControlCharacters, strictBodyValidators } from './http/validation.js';
import { registerRoutes } from './routes/index.js';

export interface RestApiOptions {
  config: PlatformConfig;
  db: Database;
  verifier: TokenVerifier;
  /** Fastify's logger; false in tests. */
  logger?: boolean | object;
}

/** Builds the REST API; it listens nowhere (main.ts and tests choose the port). */
export async function buildRestApi(options: RestApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel, redact: ['req.headers.authorization'] },
    // The 5,000-row bulk calls must fit.
    bodyLimit: 5 * 1024 * 1024,
    genReqId: requestIdOf,
    schemaController: { compilersFactory: strictBodyValidators() },
    // Stopping (SIGTERM), a request that arrives on a connection accepted before is served, not
    // refused with a 503: behind nginx it is on its way already and cannot go elsewhere.
    return503OnClosing: false,
  });
  closeIdleConnectionsLater(app.server);
  app.setErrorHandler(errorHandler);
  refuseControlCharacters(app);
  app.decorateRequest('principal', null);
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
    await options.db.query('SELECT 1');
    return { status: 'ok' };
  });

  await registerRoutes(app, { config: options.config, db: options.db });
  return app;
}
