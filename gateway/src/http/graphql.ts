import { Readable } from 'node:stream';
import { HeaderMap, type ApolloServer, type HTTPGraphQLResponse } from '@apollo/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '@opentelemetry/api';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { CallerUnavailable, refuseEndedSession, resolveCaller, userRecordLoader } from '../auth/caller.js';
import { credentialsOf } from '../auth/bearer.js';
import { AuthRefusal, invalidToken } from '../auth/errors.js';
import type { UserRecordCache } from '../auth/user-cache.js';
import type { ProviderKeys } from '../auth/jwks.js';
import type { EndedSessions } from '../auth/ended-sessions.js';
import type { VerifiedTokenCache } from '../auth/token-cache.js';
import type { TokenIdentity } from '../auth/identity.js';
import { verifyAccessToken } from '../auth/verify-token.js';
import type { GatewayConfig } from '../config.js';
import type { Caller, GatewayRequestContext, RequestTrace } from '../context.js';
import type { PlatformTransport, RequestPlatformClient } from '../platform/client.js';
import { PlatformCallCancelled } from '../platform/errors.js';
import type { GatewayMetrics } from '../observability/metrics.js';
import type { RateLimiter } from '../shared-state/rate-limiter.js';
import { mayRunOwnDocuments, refusedBeforeParsing, sentDocumentText } from '../trusted-documents/policy.js';
import type { TrustedDocuments } from '../trusted-documents/manifest.js';
import type { UserChanges } from '../shared-state/user-changes.js';
import { ClientDisconnect } from './client-disconnect.js';
import { sendError } from './send.js';
import { preparedRequestOf, type PreparedOperations } from '../prepared/operations.js';
import { runPrepared } from '../prepared/run.js';

export interface GraphQLDeps {
  config: GatewayConfig;
  apollo: ApolloServer<GatewayRequestContext>;
  /** The schema Apollo serves, for the prepared path. */
  schema: GraphQLSchema;
  prepared: PreparedOperations;
  /** The console's operations: the only documents a caller not allowed their own may send. */
  trustedDocuments: TrustedDocuments;
  metrics: GatewayMetrics;
  keys: ProviderKeys;
  /** Tokens verified before, so a client's repeated token is not verified (RSA) on every request. */
  tokens: VerifiedTokenCache;
  /** Sign-in sessions that have ended, whose tokens are refused (undefined: the check is off, bench only). */
  ended: EndedSessions | undefined;
  transport: PlatformTransport;
  users: UserRecordCache;
  limiter: RateLimiter;
  userChanges: UserChanges;
}

export type Outcome =
  | 'ok'
  | 'error'
  | 'unauthenticated'
  | 'forbidden'
  | 'rate_limited'
  | 'too_large'
  | 'bad_request'
  | 'unavailable'
  | 'cancelled';

/**
 * One GraphQL request as it goes: who sent it (once the token is verified), the key its rate limit
 * counts under, and what its log line and metrics report once answered.
 */
export interface GraphQLExchange {
  trace: RequestTrace;
  identity: TokenIdentity | null;
  token?: string;
  rateKey: string;
  ip: string;
  /** The gateway's log with the request's id. */
  log: Logger;
  outcome?: Outcome;
  upstreamCalls: number;
}

/**
 * A request's exchange before its token is read: anonymous, counted under its address, in its span
 * (`otel`, when tracing is on). Every field is present from the start (undefined until known), so all
 * exchanges share one shape in V8.
 */
export function newExchange(ip: string, log: Logger, otel: Context | undefined): GraphQLExchange {
  return {
    trace: { operationName: undefined, platformCallEstimate: undefined, hadErrors: false, otel },
    identity: null,
    token: undefined,
    rateKey: `ip:${ip}`,
    ip,
    log,
    outcome: undefined,
    upstreamCalls: 0,
  };
}

/** Who a request's log line says called: a tool by its client id, a person by their sign-in session. */
export type CallerLabel = { kind: 'client'; subject: string } | { kind: 'user'; session: string | null };

/**
 * What the request's log line says of its caller. A person's subject is their email, which a log line
 * written for every request must not carry (decisions.md, issue 39 §6): their token's sign-in session
 * (`sid`) stands for them instead. It is stable for the session, means nothing outside the platform, and
 * an operator who must know whose it was asks the platform (the session's record, or the audit events
 * of the request's trace), where access to emails is checked and audited.
 */
export function callerLabel(exchange: GraphQLExchange): CallerLabel | null {
  const identity = exchange.identity;
  if (!identity) return null;
  if (identity.kind === 'client') return { kind: 'client', subject: identity.subject };
  return { kind: 'user', session: identity.sessionId ?? null };
}

function refuse(reply: FastifyReply, refusal: AuthRefusal): Outcome {
  void sendError(
    reply,
    refusal.status,
    refusal.message,
    refusal.code,
    refusal.challenge ? { 'www-authenticate': refusal.challenge } : {},
  );
  return refusal.status === 401 ? 'unauthenticated' : refusal.status === 403 ? 'forbidden' : 'unavailable';
}

/** 429 when the key has used its requests; true when the request was refused. */
async function rateLimited(reply: FastifyReply, limiter: RateLimiter, key: string): Promise<boolean> {
  const wait = await limiter.take(key);
  if (wait === 0) return false;
  void sendError(
    reply,
    429,
    `Too many requests. Try again in ${wait} seconds.`,
    'RATE_LIMITED',
    { 'retry-after': String(wait) },
    { retryAfter: wait },
  );
  return true;
}

function headerMapOf(request: FastifyRequest): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** Answers are the caller's own: no shared cache may keep them (GET requests included). */
const NO_STORE = 'private, no-store';

/** A JSON body (the only kind the prepared path reads; Apollo answers the rest, CSRF checks included). */
const isJson = (request: FastifyRequest) => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

function sendResponse(reply: FastifyReply, response: HTTPGraphQLResponse): FastifyReply {
  reply.header('cache-control', NO_STORE);
  for (const [name, value] of response.headers) reply.header(name, value);
  reply.code(response.status ?? 200);
  if (response.body.kind === 'complete') return reply.send(response.body.string);
  return reply.send(Readable.from(response.body.asyncIterator));
}

/** Verifies the token, if any: null for anonymous; throws AuthRefusal for a present but bad one. */
async function identityOf(
  request: FastifyRequest,
  deps: GraphQLDeps,
): Promise<{ identity: TokenIdentity | null; token?: string }> {
  const credentials = credentialsOf(request.headers.authorization);
  if (credentials.kind === 'anonymous') return { identity: null };
  if (credentials.kind === 'malformed') throw invalidToken('malformed Authorization header');
  return {
    identity: await verifyAccessToken(
      credentials.token,
      deps.keys,
      deps.config,
      deps.tokens,
      request.raw.socket,
      deps.ended,
    ),
    token: credentials.token,
  };
}

/**
 * Before the body is read: the token and the rate limit, so neither a flood nor a bad token costs the
 * reading of a large body. Fills in the exchange; a refusal is answered here and named in its outcome.
 */
export async function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  exchange: GraphQLExchange,
  deps: GraphQLDeps,
): Promise<GraphQLExchange> {
  try {
    ({ identity: exchange.identity, token: exchange.token } = await identityOf(request, deps));
  } catch (error) {
    if (!(error instanceof AuthRefusal)) throw error;
    exchange.log.info({ reason: error.reason, status: error.status }, 'Access token refused');
    // Bad tokens count against the client's address, so guessing is limited too.
    exchange.outcome =
      error.status !== 503 && (await rateLimited(reply, deps.limiter, exchange.rateKey))
        ? 'rate_limited'
        : refuse(reply, error);
    return exchange;
  }
  if (exchange.identity) exchange.rateKey = `subject:${exchange.identity.subject}`;
  if (await rateLimited(reply, deps.limiter, exchange.rateKey)) exchange.outcome = 'rate_limited';
  return exchange;
}

/** The caller behind a verified identity, or the outcome of refusing the request (401 inactive, 403, 502). */
async function callerOf(
  identity: TokenIdentity,
  platform: RequestPlatformClient,
  reply: FastifyReply,
  deps: GraphQLDeps,
): Promise<{ caller: Caller } | { refused: Outcome }> {
  try {
    if (identity.kind === 'user' && identity.sessionEnded) await refuseEndedSession(platform, identity.subject);
    return { caller: await resolveCaller(identity, userRecordLoader(platform, deps.users)) };
  } catch (error) {
    if (error instanceof PlatformCallCancelled) return { refused: 'cancelled' };
    if (error instanceof AuthRefusal) return { refused: refuse(reply, error) };
    if (error instanceof CallerUnavailable) {
      void sendError(reply, 502, error.message, 'PLATFORM_UNAVAILABLE');
      return { refused: 'unavailable' };
    }
    throw error;
  }
}

/**
 * An admitted request, its body read: the caller, then Apollo. Everything refused before execution is
 * answered as a JSON GraphQL error with its HTTP status (401, 403, 502).
 */
export async function executeGraphQL(
  request: FastifyRequest,
  reply: FastifyReply,
  exchange: GraphQLExchange,
  deps: GraphQLDeps,
): Promise<Outcome> {
  const { identity, token } = exchange;
  // Every option present (undefined when it does not apply): one object shape for every request.
  const platform = deps.transport.forRequest({
    token,
    requestId: request.id,
    // So the platform's audit trail records who called, not the gateway.
    clientIp: exchange.ip,
    // A client that goes away cancels the request's platform calls.
    signal: new ClientDisconnect(reply.raw, exchange.log),
    log: exchange.log,
    otel: exchange.trace.otel,
    // The platform refusing a user's own token (deactivated): their cached record goes at once.
    onUnauthorized: identity?.kind === 'user' ? () => deps.users.delete(identity.subject) : undefined,
  });
  const finished = (outcome: Outcome) => {
    exchange.upstreamCalls = platform.calls;
    return outcome;
  };

  let caller: Caller | null = null;
  if (identity) {
    const resolved = await callerOf(identity, platform, reply, deps);
    if ('refused' in resolved) return finished(resolved.refused);
    caller = resolved.caller;
  }

  const context: GatewayRequestContext = {
    caller,
    platform,
    requestId: request.id,
    log: exchange.log,
    productName: deps.config.productName,
    trace: exchange.trace,
    chargeRateLimit: (tokens) => void deps.limiter.charge(exchange.rateKey, tokens),
    userChanged: (email) => deps.userChanges.changed(email),
    mayRunOwnDocuments: mayRunOwnDocuments(caller, deps.config.ownDocuments),
    preparedAs: undefined,
  };
  const early = refusedBeforeParsing(
    sentDocumentText(request.method, request.url, request.body),
    caller !== null,
    deps.trustedDocuments,
    context,
  );
  if (early) {
    const headers: Record<string, string> = { 'cache-control': NO_STORE };
    if (early.status === 401) headers['www-authenticate'] = 'Bearer';
    void sendError(reply, early.status, early.message, early.code, headers);
    return finished(early.status === 401 ? 'unauthenticated' : 'forbidden');
  }
  const outcomeOf = (status: number) => (status >= 400 ? 'bad_request' : exchange.trace.hadErrors ? 'error' : 'ok');
  // A JSON POST (the console's and tools' requests) whose document is prepared skips Apollo's pipeline.
  const prepared = preparedRequestOf(request.method === 'POST' && isJson(request) ? request.body : undefined);
  if (prepared) {
    const answer = await runPrepared(
      deps.prepared,
      { schema: deps.schema, budget: deps.config.maxPlatformCalls },
      prepared,
      request.headers.accept,
      context,
    );
    if (answer) {
      // Counted before the answer leaves, so whoever reads it afterwards (tests) sees it.
      deps.metrics.preparedRequests.inc({ operation: deps.metrics.operationLabel(exchange.trace.operationName) });
      if (reply.raw.destroyed) return finished('cancelled');
      void reply.code(answer.status).header('cache-control', NO_STORE).headers(answer.headers).send(answer.body);
      return finished(outcomeOf(answer.status));
    }
    context.preparedAs = prepared;
  }

  const queryAt = request.url.indexOf('?');
  const response = await deps.apollo.executeHTTPGraphQLRequest({
    httpGraphQLRequest: {
      method: request.method,
      headers: headerMapOf(request),
      search: queryAt === -1 ? '' : request.url.slice(queryAt),
      body: request.body,
    },
    context: async () => context,
  });
  if (reply.raw.destroyed) return finished('cancelled');
  sendResponse(reply, response);
  const status = response.status ?? 200;
  const contentType = response.headers.get('content-type');
  if (prepared && status === 200 && contentType) deps.prepared.learnContentType(request.headers.accept, contentType);
  return finished(outcomeOf(status));
}
