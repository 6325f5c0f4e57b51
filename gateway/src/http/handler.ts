import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { MESSAGES, requestIdFrom } from '@meridian/schema';
import type { GatewayMetrics } from '../observability/metrics.js';
import { clientIp } from './client-ip.js';
import { handleCors } from './cors.js';
import { handleGraphQL, type GraphQLDeps, type GraphQLOutcome } from './graphql.js';
import { sendHealth, sendReadiness, type ReadinessCheck } from './health.js';
import { LANDING_PAGE_CSP, landingPage } from './landing-page.js';
import { sendError } from './send.js';

export interface HandlerDeps extends GraphQLDeps {
  log: Logger;
  metrics: GatewayMetrics;
  /** Resolves once Apollo has started; requests wait for it. */
  started: () => Promise<void>;
  readiness: Record<string, ReadinessCheck>;
  /** Parts the gateway serves without (Redis): reported 'degraded' when down, readiness unaffected. */
  degradable?: Record<string, () => boolean>;
}

/** A browser opening /graphql wants the landing page, not a GraphQL error about a missing query. */
function wantsHtml(req: IncomingMessage, url: URL): boolean {
  return req.method === 'GET' && !url.searchParams.has('query') && /text\/html/.test(req.headers.accept ?? '');
}

function sendLandingPage(res: ServerResponse, deps: HandlerDeps): void {
  const html = landingPage(deps.config);
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': LANDING_PAGE_CSP,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  });
  res.end(html);
}

async function graphql(
  req: IncomingMessage,
  res: ServerResponse,
  deps: HandlerDeps,
  id: string,
  log: Logger,
  url: URL,
): Promise<void> {
  const started = performance.now();
  let outcome: GraphQLOutcome | undefined;
  try {
    if (handleCors(req, res, deps.config.corsOrigins)) return;
    if (wantsHtml(req, url)) return sendLandingPage(res, deps);
    await deps.started();
    outcome = await handleGraphQL(req, res, { id, log, ip: clientIp(req, deps.config.trustProxy), url }, deps);
  } finally {
    if (outcome) {
      const durationMs = Math.round(performance.now() - started);
      const operation = deps.metrics.operationLabel(outcome.trace.operationName);
      deps.metrics.requests.inc({ operation, outcome: outcome.outcome });
      deps.metrics.duration.observe({ operation }, durationMs / 1000);
      log.info(
        {
          method: req.method,
          path: url.pathname,
          status: res.statusCode,
          operationName: outcome.trace.operationName ?? null,
          outcome: outcome.outcome,
          durationMs,
          upstreamCalls: outcome.upstreamCalls,
          caller: outcome.caller ?? null,
        },
        'GraphQL request',
      );
    }
  }
}

async function route(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps): Promise<void> {
  const id = requestIdFrom(req.headers['x-request-id']);
  res.setHeader('x-request-id', id);
  res.setHeader('x-content-type-options', 'nosniff');
  const log = deps.log.child({ requestId: id });
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  const read = req.method === 'GET' || req.method === 'HEAD';
  try {
    if (url.pathname === '/graphql') return await graphql(req, res, deps, id, log, url);
    if (read && url.pathname === '/') return sendLandingPage(res, deps);
    if (read && url.pathname === '/healthz') return sendHealth(res);
    if (read && url.pathname === '/readyz') return await sendReadiness(res, deps.readiness, deps.degradable);
    if (read && url.pathname === '/metrics') {
      const { contentType, body } = await deps.metrics.render();
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      res.end(body);
      return;
    }
    sendError(res, 404, 'Not found. The GraphQL endpoint is /graphql.', 'NOT_FOUND');
  } catch (error) {
    log.error({ err: error, path: url.pathname }, 'Request failed');
    if (!res.headersSent) sendError(res, 500, MESSAGES.defaultToastError, 'INTERNAL_SERVER_ERROR');
    else res.destroy();
  }
}

/** The gateway's node:http listener: /graphql, the landing page, health, readiness and metrics. */
export function createRequestHandler(deps: HandlerDeps): RequestListener {
  return (req, res) => {
    void route(req, res, deps);
  };
}
