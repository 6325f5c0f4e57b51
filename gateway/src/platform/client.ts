import { performance } from 'node:perf_hooks';
import type { Context } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { CLIENT_IP_HEADER, MESSAGES } from '@meridian/schema';
import { Pool } from 'undici';
import { withPlatformCallSpan } from '../observability/trace-context.js';
import type { ClientDisconnect } from '../http/client-disconnect.js';
import type { GatewayConfig } from '../config.js';
import type { GatewayMetrics } from '../observability/metrics.js';
import { PLATFORM_ROUTES } from '../generated/platform-routes.js';
import type { CallArguments, PlatformClient, Query } from './client-types.js';
import { requestBuffered, type BufferedAnswer } from './buffered-request.js';
import { PlatformCallCancelled, PlatformError } from './errors.js';
import { inputErrorsOf, resolveErrorMessage } from './messages.js';
import { pathForLog } from './log-path.js';
import type { OperationId, RestAnswer } from './rest-types.js';
import { fillPath, type PathParameters } from './route-path.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Each operation's method and path template, generated from the contract. Typed as a record of every
 * operationId so that an operation without a route, or a method the transport does not send, stops the
 * build rather than a call.
 */
const ROUTES: Readonly<Record<OperationId, { method: Method; path: string }>> = PLATFORM_ROUTES;

/** What nginx answers when no platform replica can be reached (the platform itself never does). */
const PROXY_UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

interface Call {
  method: Method;
  path: string;
  /** The query string (searchOf), `?…`. Not logged: it may hold what someone searched for. */
  search?: string;
  body?: unknown;
}

/** Who a request's platform calls are made for. */
export interface CallerOptions {
  /** The caller's own access token, forwarded as is; absent for anonymous (public) calls. */
  token?: string;
  requestId: string;
  /**
   * The address of the gateway's own client, forwarded as x-meridian-client-ip so that the platform's
   * audit trail records where a change came from (the platform sees only the gateway's address).
   */
  clientIp?: string;
  /** Says 'abort' when the client disconnects: its calls are cancelled. */
  signal?: ClientDisconnect;
  log: Logger;
  /** The request's span, when tracing made one: each call's span goes under it (trace-context.ts). */
  otel?: Context;
  /** Told when the platform answers 401 (the caller was deactivated, or the token revoked). */
  onUnauthorized?: () => void;
}

/**
 * Transport failures in words, without addresses or ports of the internal network: for the gateway's
 * log. The client is told what the console says (MESSAGES.serviceUnavailable).
 */
function transportMessage(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'Connection timed out';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return 'Timed out waiting for the response';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return 'Connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Host not found';
    default:
      return 'Network error';
  }
}

/** The query string, parameters in name order (one text per question, for the GETs' map). */
function searchOf(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A call's arguments as they go on the wire: the contract's types have been checked by `call`'s signature. */
interface WireArgs {
  path?: PathParameters;
  query?: Query;
  body?: unknown;
}

/** The HTTP call an operation makes: its route's method, the path filled with its parameters, its query and body. */
function callOf<Operation extends OperationId>(operationId: Operation, ...[args]: CallArguments<Operation>): Call {
  const route = ROUTES[operationId];
  const { path, query, body } = (args ?? {}) as WireArgs;
  return { method: route.method, path: fillPath(route.path, path), search: searchOf(query), body };
}

function parseBody(text: string, type: string | undefined): unknown {
  if (text === '') return undefined;
  // An HTML page comes from a proxy in front of the platform (nginx's 502), not from the platform:
  // it is no message for anyone, so the status speaks instead.
  if (type && /html/i.test(type)) return undefined;
  if (type && /json/i.test(type)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The keep-alive connection pool to the platform's REST API, shared by every request; `forRequest`
 * gives one request's client.
 */
/** Said when the platform finds a request's address or headers too long (414, 431). */
export const REQUEST_TOO_LONG_MESSAGE = 'The request is too long: use a shorter id or search text.';

export class PlatformTransport {
  private readonly pool: Pool;
  private readonly basePath: string;

  constructor(
    config: Pick<GatewayConfig, 'platformApiUrl' | 'platformTimeoutMs' | 'platformConnectTimeoutMs'>,
    private readonly metrics?: GatewayMetrics,
  ) {
    const url = new URL(config.platformApiUrl);
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.pool = new Pool(url.origin, {
      connections: 128,
      keepAliveTimeout: 10_000,
      connectTimeout: config.platformConnectTimeoutMs,
      headersTimeout: config.platformTimeoutMs,
      bodyTimeout: config.platformTimeoutMs,
    });
  }

  /** A platform client for one incoming request (its token, request id and cancellation). */
  forRequest(options: CallerOptions): RequestPlatformClient {
    return new RequestPlatformClient(this, options);
  }

  /**
   * One operation called for the gateway itself, outside any request (the feed of ended sessions). The
   * answer is what the contract says it is: platform/src/contract/contract.test.ts holds the platform to it.
   */
  async call<Operation extends OperationId>(
    operationId: Operation,
    options: CallerOptions,
    ...args: CallArguments<Operation>
  ): Promise<RestAnswer<Operation>> {
    return this.send(callOf(operationId, ...args), options) as Promise<RestAnswer<Operation>>;
  }

  /** Sends one call; answers the parsed body, throws PlatformError (or PlatformCallCancelled). */
  async send(call: Call, options: CallerOptions): Promise<unknown> {
    const path = `${this.basePath}${call.path}${call.search ?? ''}`;
    const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': options.requestId };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.clientIp) headers[CLIENT_IP_HEADER] = options.clientIp;
    let payload: string | undefined;
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(call.body);
    }
    const started = performance.now();
    const finish = (outcome: string) => {
      const seconds = (performance.now() - started) / 1000;
      this.metrics?.upstreamCalls.inc({ method: call.method, outcome });
      this.metrics?.upstreamDuration.observe({ method: call.method }, seconds);
      return Math.round(seconds * 1000);
    };
    if (options.signal?.aborted) {
      options.log.info(
        { method: call.method, path: pathForLog(call.path) },
        'Platform call not made: the client disconnected',
      );
      finish('cancelled');
      throw new PlatformCallCancelled();
    }

    let answer: BufferedAnswer;
    try {
      answer = await withPlatformCallSpan(options.otel, call.method, path, headers, () =>
        requestBuffered(this.pool, { method: call.method, path, headers, body: payload }, options.signal),
      );
    } catch (error) {
      if (options.signal?.aborted) {
        const durationMs = finish('cancelled');
        options.log.info(
          { method: call.method, path: pathForLog(call.path), durationMs },
          'Platform call cancelled: the client disconnected',
        );
        throw new PlatformCallCancelled();
      }
      // No answer came whole (refused, reset, timed out): there is no status to go by.
      const durationMs = finish('transport_error');
      const message = transportMessage(error);
      options.log.warn(
        { method: call.method, path: pathForLog(call.path), durationMs, err: error },
        `Platform call failed: ${message}`,
      );
      // Callers (the console, internal tools) get the console's words, not the transport's.
      throw new PlatformError(undefined, MESSAGES.serviceUnavailable);
    }

    const status = answer.statusCode;
    const body = parseBody(answer.text, answer.contentType);
    const durationMs = finish(`${Math.floor(status / 100)}xx`);
    options.log.debug({ method: call.method, path: pathForLog(call.path), status, durationMs }, 'Platform call');
    if (status >= 200 && status < 300) return body;
    if (status === 401) options.onUnauthorized?.();
    // An overlong id or search: the client's mistake, said briefly (the platform's body may echo the path).
    if (status === 414 || status === 431) throw new PlatformError(status, REQUEST_TOO_LONG_MESSAGE);
    // A proxy in front of the platform that cannot reach it: out of reach, as when no answer comes.
    if (PROXY_UNAVAILABLE_STATUSES.has(status)) throw new PlatformError(status, MESSAGES.serviceUnavailable);
    // Only the resolved message (and field problems) leave the gateway, never the body itself.
    throw new PlatformError(status, resolveErrorMessage({ status, body }), inputErrorsOf(body));
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

/**
 * The platform as one incoming request's caller: their token and the request id forwarded, identical
 * GETs made once (a per-request promise map, so nothing is shared across users or requests), and the
 * number of calls counted for the request's log line.
 */
export class RequestPlatformClient implements PlatformClient {
  /** Calls actually sent (a repeated GET answered from this request's map is not counted). */
  calls = 0;
  private readonly gets = new Map<string, Promise<unknown>>();

  constructor(
    private readonly transport: PlatformTransport,
    private readonly options: CallerOptions,
  ) {}

  /**
   * Async so that a path the arguments cannot fill rejects as a failed call does. The answer is what
   * the contract says it is: platform/src/contract/contract.test.ts holds the platform to it.
   */
  async call<Operation extends OperationId>(
    operationId: Operation,
    ...args: CallArguments<Operation>
  ): Promise<RestAnswer<Operation>> {
    const call = callOf(operationId, ...args);
    const answer = call.method === 'GET' ? this.read(call) : this.write(call);
    return answer as Promise<RestAnswer<Operation>>;
  }

  /** A GET, made once per request for each path and query. */
  private read(call: Call): Promise<unknown> {
    const key = `${call.path}${call.search ?? ''}`;
    let pending = this.gets.get(key);
    if (!pending) {
      pending = this.send(call);
      // Resolvers share the answer: they must treat it as read-only.
      this.gets.set(key, pending);
    }
    return pending;
  }

  /** A write makes earlier GETs of this request stale: the payload's fields read the changed records. */
  private async write(call: Call): Promise<unknown> {
    this.gets.clear();
    try {
      return await this.send(call);
    } finally {
      this.gets.clear();
    }
  }

  private send(call: Call): Promise<unknown> {
    this.calls += 1;
    return this.transport.send(call, this.options);
  }
}
