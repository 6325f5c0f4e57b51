import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type HTTPGraphQLResponse } from '@apollo/server';
import type { Logger } from 'pino';
import { CallerUnavailable, resolveCaller, userRecordLoader } from '../auth/caller.js';
import { credentialsOf } from '../auth/bearer.js';
import { AuthRefusal, invalidToken } from '../auth/errors.js';
import type { UserRecordCache } from '../auth/user-cache.js';
import type { ProviderKeys } from '../auth/jwks.js';
import type { VerifiedTokenCache } from '../auth/token-cache.js';
import { verifyAccessToken, type TokenIdentity } from '../auth/verify-token.js';
import type { GatewayConfig } from '../config.js';
import type { Caller, GatewayRequestContext, RequestTrace } from '../context.js';
import type { PlatformTransport, RequestPlatformClient } from '../platform/client.js';
import { PlatformCallCancelled } from '../platform/errors.js';
import { BodyTooLarge, ClientDisconnected, readBody } from './body.js';
import type { RateLimiter } from '../shared-state/rate-limiter.js';
import { mayRunOwnDocuments } from '../trusted-documents/policy.js';
import type { UserChanges } from '../shared-state/user-changes.js';
import { sendError } from './send.js';

export interface GraphQLDeps {
  config: GatewayConfig;
  apollo: ApolloServer<GatewayRequestContext>;
  keys: ProviderKeys;
  /** Tokens verified before, so a client's repeated token is not verified (RSA) on every request. */
  tokens: VerifiedTokenCache;
  transport: PlatformTransport;
  users: UserRecordCache;
  limiter: RateLimiter;
  userChanges: UserChanges;
}

/** What the request's log line and metrics report. */
export interface GraphQLOutcome {
  outcome:
    | 'ok'
    | 'error'
    | 'unauthenticated'
    | 'forbidden'
    | 'rate_limited'
    | 'too_large'
    | 'bad_request'
    | 'unavailable'
    | 'cancelled';
  trace: RequestTrace;
  upstreamCalls: number;
  caller?: Pick<Caller, 'kind' | 'subject'>;
}

interface IncomingRequest {
  id: string;
  log: Logger;
  ip: string;
  url: URL;
}

function refuse(res: ServerResponse, refusal: AuthRefusal): GraphQLOutcome['outcome'] {
  sendError(
    res,
    refusal.status,
    refusal.message,
    refusal.code,
    refusal.challenge ? { 'www-authenticate': refusal.challenge } : {},
  );
  return refusal.status === 401 ? 'unauthenticated' : refusal.status === 403 ? 'forbidden' : 'unavailable';
}

/** 429 when the key has used its requests; true when the request was refused. */
async function rateLimited(res: ServerResponse, limiter: RateLimiter, key: string): Promise<boolean> {
  const wait = await limiter.take(key);
  if (wait === 0) return false;
  sendError(
    res,
    429,
    `Too many requests. Try again in ${wait} seconds.`,
    'RATE_LIMITED',
    { 'retry-after': String(wait) },
    { retryAfter: wait },
  );
  return true;
}

/**
 * The body as Apollo expects it: parsed JSON for application/json (utf-8, the only charset GraphQL
 * over HTTP uses), the text otherwise (Apollo then refuses it: CSRF prevention or a 400).
 */
function parsedBody(
  raw: Buffer,
  contentType: string | undefined,
): { body: unknown } | { status: number; message: string } {
  const [essence = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8')
    return { status: 415, message: `Unsupported charset ${charset}: send utf-8.` };
  const text = raw.toString('utf8');
  if (essence !== 'application/json') return { body: text };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { status: 400, message: 'The request body is not valid JSON.' };
  }
}

function headerMapOf(req: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

async function writeResponse(res: ServerResponse, response: HTTPGraphQLResponse): Promise<void> {
  // Answers are the caller's own: no shared cache may keep them (GET requests included).
  res.setHeader('cache-control', 'private, no-store');
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.statusCode = response.status ?? 200;
  if (response.body.kind === 'complete') {
    res.end(response.body.string);
    return;
  }
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}

/** Verifies the token, if any: null for anonymous; throws AuthRefusal for a present but bad one. */
async function identityOf(
  req: IncomingMessage,
  deps: GraphQLDeps,
): Promise<{ identity: TokenIdentity | null; token?: string }> {
  const credentials = credentialsOf(req.headers.authorization);
  if (credentials.kind === 'anonymous') return { identity: null };
  if (credentials.kind === 'malformed') throw invalidToken('malformed Authorization header');
  return {
    identity: await verifyAccessToken(credentials.token, deps.keys, deps.config, deps.tokens),
    token: credentials.token,
  };
}

type Outcome = GraphQLOutcome['outcome'];

/** The parsed POST body (GET has none), or the outcome of refusing it (413, 415, 400) or of a client gone. */
async function requestBody(
  req: IncomingMessage,
  res: ServerResponse,
  request: IncomingRequest,
  limit: number,
): Promise<{ body: unknown } | { refused: Outcome }> {
  if (req.method !== 'POST') return { body: undefined };
  let raw: Buffer;
  try {
    raw = await readBody(req, limit);
  } catch (error) {
    if (error instanceof ClientDisconnected) {
      request.log.info('Client disconnected while sending its request');
      return { refused: 'cancelled' };
    }
    if (!(error instanceof BodyTooLarge)) throw error;
    // The rest of the body is not read: close the connection after answering.
    sendError(res, 413, error.message, 'PAYLOAD_TOO_LARGE', { connection: 'close' });
    return { refused: 'too_large' };
  }
  const parsed = parsedBody(raw, req.headers['content-type']);
  if ('status' in parsed) {
    sendError(res, parsed.status, parsed.message, 'BAD_REQUEST');
    return { refused: 'bad_request' };
  }
  return parsed;
}

/** The caller behind a verified identity, or the outcome of refusing the request (401 inactive, 403, 502). */
async function callerOf(
  identity: TokenIdentity,
  platform: RequestPlatformClient,
  res: ServerResponse,
  deps: GraphQLDeps,
): Promise<{ caller: Caller } | { refused: Outcome }> {
  try {
    return { caller: await resolveCaller(identity, userRecordLoader(platform, deps.users)) };
  } catch (error) {
    if (error instanceof PlatformCallCancelled) return { refused: 'cancelled' };
    if (error instanceof AuthRefusal) return { refused: refuse(res, error) };
    if (error instanceof CallerUnavailable) {
      sendError(res, 502, error.message, 'PLATFORM_UNAVAILABLE');
      return { refused: 'unavailable' };
    }
    throw error;
  }
}

/** An AbortSignal that fires when the client goes away before its answer is written. */
function disconnectSignal(res: ServerResponse, log: Logger): AbortSignal {
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) {
      log.info('Client disconnected before the answer: cancelling its platform calls');
      abort.abort();
    }
  });
  return abort.signal;
}

/**
 * POST/GET /graphql: token, rate limit, body, caller, then Apollo. Everything refused before execution
 * is answered as a JSON GraphQL error with its HTTP status (401, 403, 413, 415, 429, 502, 503).
 */
export async function handleGraphQL(
  req: IncomingMessage,
  res: ServerResponse,
  request: IncomingRequest,
  deps: GraphQLDeps,
): Promise<GraphQLOutcome> {
  const trace: RequestTrace = { hadErrors: false };
  const result = (outcome: Outcome, extra: Partial<GraphQLOutcome> = {}): GraphQLOutcome => ({
    outcome,
    trace,
    upstreamCalls: 0,
    ...extra,
  });
  if (req.method !== 'GET' && req.method !== 'POST') {
    sendError(res, 405, 'Use GET or POST.', 'METHOD_NOT_ALLOWED', { allow: 'GET, POST' });
    return result('bad_request');
  }

  let identity: TokenIdentity | null;
  let token: string | undefined;
  try {
    ({ identity, token } = await identityOf(req, deps));
  } catch (error) {
    if (!(error instanceof AuthRefusal)) throw error;
    request.log.info({ reason: error.reason, status: error.status }, 'Access token refused');
    // Bad tokens count against the client's address, so guessing is limited too.
    if (error.status !== 503 && (await rateLimited(res, deps.limiter, `ip:${request.ip}`)))
      return result('rate_limited');
    return result(refuse(res, error));
  }
  const callerLabel = identity ? { caller: { kind: identity.kind, subject: identity.subject } } : {};
  const rateKey = identity ? `subject:${identity.subject}` : `ip:${request.ip}`;
  if (await rateLimited(res, deps.limiter, rateKey)) return result('rate_limited', callerLabel);

  const read = await requestBody(req, res, request, deps.config.maxBodyBytes);
  if ('refused' in read) return result(read.refused, callerLabel);

  const platform = deps.transport.forRequest({
    ...(token ? { token } : {}),
    requestId: request.id,
    // So the platform's audit trail records who called, not the gateway.
    clientIp: request.ip,
    // A client that goes away cancels the request's platform calls.
    signal: disconnectSignal(res, request.log),
    log: request.log,
    // The platform refusing a user's own token (deactivated): their cached record goes at once.
    ...(identity?.kind === 'user' ? { onUnauthorized: () => deps.users.delete(identity.subject) } : {}),
  });
  const finished = (outcome: Outcome) => result(outcome, { upstreamCalls: platform.calls, ...callerLabel });

  let caller: Caller | null = null;
  if (identity) {
    const resolved = await callerOf(identity, platform, res, deps);
    if ('refused' in resolved) return finished(resolved.refused);
    caller = resolved.caller;
  }

  const context: GatewayRequestContext = {
    caller,
    platform,
    requestId: request.id,
    log: request.log,
    productName: deps.config.productName,
    trace,
    chargeRateLimit: (tokens) => void deps.limiter.charge(rateKey, tokens),
    userChanged: (email) => deps.userChanges.changed(email),
    mayRunOwnDocuments: mayRunOwnDocuments(caller, deps.config.ownDocuments),
  };
  const response = await deps.apollo.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: req.method, headers: headerMapOf(req), search: request.url.search, body: read.body },
    context: async () => context,
  });
  if (res.destroyed) return finished('cancelled');
  await writeResponse(res, response);
  const status = response.status ?? 200;
  return finished(status >= 400 ? 'bad_request' : trace.hadErrors ? 'error' : 'ok');
}
