import type { RequestListener } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import {
  behindOneProxy,
  MESSAGES,
  METRICS_CHALLENGE,
  METRICS_TOKEN_REQUIRED_MESSAGE,
  requestIdFrom,
} from '@meridian/schema';
import { answerHeaders, bearerMatches } from '@meridian/schema/http-server';
import { InvalidJson, UnsupportedCharset, queryJsonTooDeep, registerBodyParsers, tooDeep } from './body.js';
import { handleCors } from './cors.js';
import { admit, callerLabel, executeGraphQL, newExchange, type GraphQLDeps, type GraphQLExchange } from './graphql.js';
import { checkReadiness, sendHealth, sendReadiness, type ReadinessCheck } from './health.js';
import { LANDING_PAGE_CSP, landingPage } from './landing-page.js';
import { sendError } from './send.js';
import { endRequestSpan, requestLogBindings, startRequestSpan } from '../observability/trace-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /graphql once the request is admitted or refused: what its log line and metrics say. */
    graphql: GraphQLExchange | null;
  }
}

export interface HandlerDeps extends GraphQLDeps {
  log: Logger;
  /** Resolves once Apollo has started; requests wait for it. */
  started: () => Promise<void>;
  readiness: Record<string, ReadinessCheck>;
  /** Parts the gateway serves without (Redis): reported 'degraded' when down, readiness unaffected. */
  degradable?: Record<string, () => boolean>;
}

/** A browser opening /graphql wants the landing page, not a GraphQL error about a missing query. */
function wantsHtml(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    !new URL(request.url, 'http://gateway.invalid').searchParams.has('query') &&
    /text\/html/.test(request.headers.accept ?? '')
  );
}

function sendLandingPage(reply: FastifyReply, deps: HandlerDeps) {
  return reply
    .code(200)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': LANDING_PAGE_CSP,
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    })
    .send(landingPage(deps.config));
}

/** One JSON line and the metrics of an answered GraphQL request. */
function recordGraphQL(request: FastifyRequest, reply: FastifyReply, deps: HandlerDeps): void {
  const exchange = request.graphql;
  if (!exchange?.outcome) return;
  const durationMs = Math.round(reply.elapsedTime);
  const operation = deps.metrics.operationLabel(exchange.trace.operationName);
  deps.metrics.requests.inc({ operation, outcome: exchange.outcome });
  deps.metrics.duration.observe({ operation }, durationMs / 1000);
  exchange.log.info(
    {
      method: request.method,
      path: '/graphql',
      status: reply.statusCode,
      operationName: exchange.trace.operationName ?? null,
      outcome: exchange.outcome,
      durationMs,
      upstreamCalls: exchange.upstreamCalls,
      caller: callerLabel(exchange),
    },
    'GraphQL request',
  );
}

/** Refusals of the body (Fastify's limit, our parser) in the gateway's words; anything else is a 500. */
function errorHandler(deps: HandlerDeps) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const refused = (outcome: 'too_large' | 'bad_request') => {
      if (request.graphql) request.graphql.outcome = outcome;
    };
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      refused('too_large');
      // The rest of the body is not read: close the connection after answering.
      return sendError(
        reply,
        413,
        `The request body is larger than ${deps.config.maxBodyBytes} bytes.`,
        'PAYLOAD_TOO_LARGE',
        { connection: 'close' },
      );
    }
    if (
      error instanceof UnsupportedCharset ||
      error instanceof InvalidJson ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      refused('bad_request');
      const message = error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? new InvalidJson().message : error.message;
      return sendError(reply, error.statusCode ?? 400, message, 'BAD_REQUEST');
    }
    const exchange = request.graphql;
    (exchange?.log ?? deps.log.child({ requestId: request.id })).error(
      { err: error, path: request.url },
      'Request failed',
    );
    endRequestSpan(exchange?.trace.otel, 500, error);
    if (reply.sent || reply.raw.headersSent) return reply.raw.destroy();
    return sendError(reply, 500, MESSAGES.defaultToastError, 'INTERNAL_SERVER_ERROR');
  };
}

/** /graphql: CORS, the landing page for browsers, then admission (token, rate limit) before the body is read. */
function graphqlRoute(app: FastifyInstance, deps: HandlerDeps): void {
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/graphql',
    onRequest: async (request, reply) => {
      if (handleCors(request, reply, deps.config.corsOrigins)) return reply;
      if (wantsHtml(request)) return sendLandingPage(reply, deps);
      const otel = startRequestSpan(request);
      const exchange = newExchange(request.ip, deps.log.child(requestLogBindings(request.id, otel)), otel);
      request.graphql = exchange;
      if (request.method !== 'GET' && request.method !== 'POST') {
        exchange.outcome = 'bad_request';
        return sendError(reply, 405, 'Use GET or POST.', 'METHOD_NOT_ALLOWED', { allow: 'GET, POST' });
      }
      await deps.started();
      await admit(request, reply, exchange, deps);
      if (request.graphql.outcome) return reply;
      // A POST body's depth is checked by its parser (body.ts); a GET carries its JSON in the URL.
      if (request.method === 'GET' && queryJsonTooDeep(request.url)) {
        exchange.outcome = 'bad_request';
        return sendError(reply, 400, tooDeep().message, 'BAD_REQUEST');
      }
      return undefined;
    },
    handler: async (request, reply) => {
      const exchange = request.graphql!;
      exchange.outcome = await executeGraphQL(request, reply, exchange, deps);
      // No answer leaves for a client that went away, so onResponse will not end its span.
      if (exchange.outcome === 'cancelled') endRequestSpan(exchange.trace.otel, undefined);
      return reply;
    },
    onResponse: (request, reply, done) => {
      recordGraphQL(request, reply, deps);
      endRequestSpan(request.graphql?.trace.otel, reply.statusCode);
      done();
    },
  });
}

/**
 * The gateway's HTTP layer on Fastify: /graphql, the landing page, health, readiness and metrics. It
 * listens nowhere: `listener` serves requests on a node:http server of the caller's (createGatewayServer,
 * with its timeouts and its way of closing idle connections).
 */
export function createHttpApp(deps: HandlerDeps): { app: FastifyInstance; listener: RequestListener } {
  const app: FastifyInstance = Fastify({
    // Requests log through the gateway's own logger with their id (one line per GraphQL request).
    logger: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    bodyLimit: deps.config.maxBodyBytes,
    // Behind nginx (TRUST_PROXY=true) request.ip is the X-Forwarded-For entry nginx appended; else the socket's.
    trustProxy: deps.config.trustProxy ? behindOneProxy : false,
    return503OnClosing: false,
  });
  app.decorateRequest('graphql', null);
  registerBodyParsers(app);
  app.setErrorHandler(errorHandler(deps));
  // Callback hooks, not async ones: each async hook costs every request a promise and its ticks.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.headers(answerHeaders(request.raw, deps.config.replicaName, deps.config.trustProxy));
    done();
  });
  graphqlRoute(app, deps);
  app.get('/', (_request, reply) => sendLandingPage(reply, deps));
  app.get('/healthz', (_request, reply) => sendHealth(reply));
  const readiness = () => checkReadiness(deps.readiness, deps.degradable);
  app.get('/readyz', (_request, reply) => sendReadiness(reply, readiness()));
  deps.metrics.reportReadiness(readiness);
  app.get('/metrics', async (request, reply) => {
    // METRICS_TOKEN (required in production): only Prometheus, bearing it, reads the figures.
    const token = deps.config.metricsToken;
    if (token !== undefined && !bearerMatches(request.headers.authorization, token))
      return sendError(reply, 401, METRICS_TOKEN_REQUIRED_MESSAGE, 'UNAUTHENTICATED', {
        'www-authenticate': METRICS_CHALLENGE,
      });
    const { contentType, body } = await deps.metrics.render();
    return reply.code(200).headers({ 'content-type': contentType, 'cache-control': 'no-store' }).send(body);
  });
  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, 404, 'Not found. The GraphQL endpoint is /graphql.', 'NOT_FOUND'),
  );
  const ready = app.ready();
  const listener: RequestListener = (req, res) => {
    void ready.then(() => app.routing(req, res));
  };
  return { app, listener };
}
