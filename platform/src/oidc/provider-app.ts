import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { behindOneProxy } from '@meridian/schema';
import { answerHeaders, drainOnClose } from '@meridian/schema/http-server';
import type { PlatformConfig } from '../config.js';
import { loggerOptions } from '../http/logger.js';
import { OneLinePerRequest } from '../http/request-log.js';
import { requestIdOf } from '../http/request.js';
import { activeTracing } from '../observability/tracing.js';
import { registerPageBodies } from './bodies.js';
import { answerFailure } from './http.js';
import { registerPageRoutes, type ProviderPages } from './routes.js';

/** The provider of one key set with its pages (server.ts makes a new one when the keys change). */
export interface ProviderSite {
  /** oidc-provider's own request handler (provider.callback()). */
  callback: (req: IncomingMessage, res: ServerResponse) => unknown;
  /** The provider's own pages (routes.ts). */
  pages: ProviderPages;
}

export interface ProviderAppOptions {
  config: Pick<PlatformConfig, 'replicaName' | 'logLevel'>;
  /** Behind one proxy that sets X-Forwarded-* (nginx). */
  trustProxy: boolean;
  /** Fastify's logger; false in tests. */
  logger?: boolean | object;
}

/**
 * A body past its limit is 413 (the connection closed: the rest of it is not read); another refusal of
 * Fastify's (a body shorter than its Content-Length) its status alone; anything else is a bug (http.ts).
 */
function errorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') void reply.code(413).header('connection', 'close').send();
  else if (error.statusCode && error.statusCode < 500) void reply.code(error.statusCode).send();
  else answerFailure(reply.hijack().raw, error);
}

/**
 * The provider's port as a Fastify app: the REST API's request ids, request log line and route spans,
 * with every request's body left unread (oidc-provider reads its own). The provider is bound after the
 * app exists: with port 0 the issuer is known only after listen, and a key rotation brings a new one.
 * Until then every request is answered 503.
 */
export async function buildProviderApp(options: ProviderAppOptions) {
  let site: ProviderSite | undefined;
  const app: FastifyInstance = Fastify({
    logger: loggerOptions(options.config, options.logger),
    genReqId: requestIdOf,
    logController: new OneLinePerRequest(),
    // As the REST API: a request on a connection accepted before stopping is served.
    return503OnClosing: false,
    // An organization's id in the SAML endpoints' paths (routes.ts).
    routerOptions: { maxParamLength: 200 },
    trustProxy: options.trustProxy ? behindOneProxy : false,
  });
  drainOnClose(app.server);
  const tracing = activeTracing();
  if (tracing) await app.register(tracing.fastifyPlugin);
  app.setErrorHandler(errorHandler);
  // The provider's endpoints (token, revocation, …) parse their bodies themselves: nothing is read here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // Every answer names the replica (HSTS over https); on the raw response, so the provider's answers,
  // written past Fastify, carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    const headers = answerHeaders(request.raw, options.config.replicaName, options.trustProxy);
    for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
    done();
  });
  // The pages in their own context: only there are bodies read (bodies.ts).
  await app.register(async (pages) => {
    await registerPageBodies(pages);
    registerPageRoutes(pages, () => site?.pages);
  });
  // Everything else is oidc-provider's, mounted as its Fastify example does: handed the raw request.
  app.setNotFoundHandler((request, reply) => {
    if (!site) return void reply.code(503).send();
    reply.hijack();
    site.callback(request.raw, reply.raw);
  });
  await app.ready();
  return { app, bind: (next: ProviderSite) => (site = next) };
}
