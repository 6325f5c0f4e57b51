import type { FastifyReply, FastifyRequest } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, OPTIONS';
// What the console and Apollo Client send; CSRF prevention accepts the last two as proof of a preflight.
const ALLOWED_HEADERS =
  'authorization, content-type, accept, x-request-id, apollo-require-preflight, x-apollo-operation-name';
const EXPOSED_HEADERS = 'x-request-id, retry-after';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** Whether an origin is on the allow-list ('*' on the list allows every origin). */
export function originAllowed(origin: string | undefined, allowList: readonly string[]): origin is string {
  return origin !== undefined && (allowList.includes(origin) || allowList.includes('*'));
}

/**
 * CORS for /graphql from the configured allow-list: allowed origins get their own origin back (never
 * '*', and no credentials: the token travels in a header, not a cookie); others get no CORS headers,
 * so browsers refuse to hand them the answer. Preflights are answered here: 204 for an allowed origin,
 * 403 for another (@fastify/cors answers every preflight 204, which says less to a misconfigured
 * console than a refusal does). Returns true when it answered.
 */
export function handleCors(request: FastifyRequest, reply: FastifyReply, allowList: readonly string[]): boolean {
  const origin = request.headers.origin;
  reply.header('vary', 'Origin');
  const allowed = originAllowed(origin, allowList);
  if (allowed) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  }
  if (request.method !== 'OPTIONS') return false;
  if (!allowed) {
    void reply.code(403).send();
    return true;
  }
  void reply
    .code(204)
    .headers({
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
    })
    .send();
  return true;
}
