import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import { CLIENT_IP_HEADER, requestIdFrom } from '@meridian/schema';
import type { PlatformConfig } from './config.js';
import type { Database } from './db/database.js';
import { anonymousActor, type AuditOrigin, type AuditSource } from './domain/audit.js';
import { authenticate, type Principal, type TokenVerifier } from './http/auth.js';
import { closeIdleConnectionsLater } from './http/drain.js';
import { errorHandler } from './http/errors.js';
import { refuseControlCharacters, strictBodyValidators } from './http/validation.js';
import { registerRoutes } from './routes/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without an access token (login, public password calls, the OpenAPI document). */
    public?: boolean;
  }
}

export interface RestApiOptions {
  config: PlatformConfig;
  db: Database;
  verifier: TokenVerifier;
  /** Fastify's logger; false in tests. */
  logger?: boolean | object;
}

/** The signed-in caller of a route that is not public (set by the onRequest hook). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf called on a public route');
  return request.principal;
}

/** The gateway's x-request-id when acceptable (schema's rule), else a new one: Fastify's request.id and the log's reqId. */
export function requestIdOf(req: IncomingMessage): string {
  return requestIdFrom(req.headers['x-request-id']);
}

/**
 * Where a request came from, for the audit trail. The REST API is internal, reached only by the
 * gateway, so the client address the gateway forwards is taken as is (when it is an IP address); a
 * call without it (a test, a tool on the internal network) is recorded with its own socket address.
 */
export function originOf(request: FastifyRequest): AuditOrigin {
  const header = request.headers[CLIENT_IP_HEADER];
  const forwarded = (Array.isArray(header) ? header[0] : header)?.trim();
  return { requestId: request.id, clientIp: forwarded && isIP(forwarded) ? forwarded : request.ip };
}

/** The actor and origin of a request's audit events: its principal, or anonymous naming `email`. */
export function auditSourceOf(request: FastifyRequest, anonymousEmail?: string): AuditSource {
  const principal = request.principal;
  const actor = principal
    ? { id: principal.subject, kind: principal.kind, role: principal.role, organizationId: principal.organizationId }
    : anonymousActor(anonymousEmail ?? 'anonymous');
  return { actor, origin: originOf(request) };
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
