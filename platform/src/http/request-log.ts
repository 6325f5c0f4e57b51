import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Health and readiness probes, and the gateways' polls of the session revocation feed: one every few
 * seconds (the feed: several a second) from each would drown the other lines.
 */
const PROBE_ROUTES: ReadonlySet<string> = new Set(['/healthz', '/session-revocations']);

/** What the line of an answered request says (its id is the request logger's `reqId`). */
export interface RequestLine {
  method: string;
  /** The route's pattern (`/user/email/:email`), never the path: no email or id of a caller's in the log. */
  route: string | null;
  status: number;
  durationMs: number;
}

/**
 * One log line per request, written when it is answered: method, route, status, duration and the
 * request id; health checks at debug. Fastify's own pair (incoming request, request completed) is
 * not written. Plugged in as Fastify's log controller, so requests the router refuses (a bad URL, an
 * unknown route) get their line too.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    logRequest(request, reply, error);
  }

  /** Our error handler and not-found handler answer instead; nothing of Fastify's defaults is logged. */
  override routeNotFound(): void {}
}

/** Writes the one line of an answered request (the log controller's, and the router's refusals'). */
export function logRequest(request: FastifyRequest, reply: FastifyReply, error?: Error | null): void {
  const route = request.routeOptions.url ?? null;
  const elapsed = reply.elapsedTime;
  const line: RequestLine = {
    method: request.method,
    route,
    status: reply.statusCode,
    durationMs: Number.isFinite(elapsed) ? Math.round(elapsed * 10) / 10 : 0,
  };
  if (error) reply.log.error({ ...line, err: error }, 'request failed while answering');
  else if (route !== null && PROBE_ROUTES.has(route)) reply.log.debug(line, 'request');
  else reply.log.info(line, 'request');
}
