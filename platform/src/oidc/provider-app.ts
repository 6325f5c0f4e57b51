import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { behindOneProxy } from '@meridian/schema';
import { answerHeaders, drainOnClose } from '@meridian/schema/http-server';
import type { PlatformConfig } from '../config.js';
import { loggerOptions } from '../http/logger.js';
import { OneLinePerRequest } from '../http/request-log.js';
import { requestIdOf } from '../http/request.js';
import { logFailure } from '../observability/error-log.js';
import { activeTracing } from '../observability/tracing.js';

/** The provider of one key set with its pages (server.ts makes a new one when the keys change). */
export interface ProviderSite {
  /** oidc-provider's own request handler (provider.callback()). */
  callback: (req: IncomingMessage, res: ServerResponse) => unknown;
  /** The provider's own pages; false when the request is none of theirs. */
  pages: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
}

export interface ProviderAppOptions {
  config: Pick<PlatformConfig, 'replicaName' | 'logLevel'>;
  /** Behind one proxy that sets X-Forwarded-* (nginx). */
  trustProxy: boolean;
  /** Fastify's logger; false in tests. */
  logger?: boolean | object;
}

export const FAILURE_MESSAGE = 'Something went wrong on our end.';

/** A page's failure is a bug: printed even when request logs are off, answered in plain words. */
function failed(res: ServerResponse, error: unknown): void {
  logFailure('Sign-in page failed', error);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(FAILURE_MESSAGE);
}

function errorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  failed(reply.hijack().raw, error);
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
  app.setNotFoundHandler((request, reply) => {
    const current = site;
    if (!current) return reply.code(503).send();
    reply.hijack();
    const { raw: req } = request;
    const { raw: res } = reply;
    current
      .pages(req, res)
      .then((handled) => {
        if (!handled) return current.callback(req, res);
      })
      .catch((error: unknown) => failed(res, error));
  });
  await app.ready();
  return { app, bind: (next: ProviderSite) => (site = next) };
}
