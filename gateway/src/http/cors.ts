import type { IncomingMessage, ServerResponse } from 'node:http';

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
 * CORS from the configured allow-list: allowed origins get their own origin back (never '*', and no
 * credentials: the token travels in a header, not a cookie); others get no CORS headers, so browsers
 * refuse to hand them the answer. Answers preflights itself and then returns true.
 */
export function handleCors(req: IncomingMessage, res: ServerResponse, allowList: readonly string[]): boolean {
  const origin = req.headers.origin;
  res.setHeader('vary', 'Origin');
  const allowed = originAllowed(origin, allowList);
  if (allowed) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  }
  if (req.method !== 'OPTIONS') return false;
  if (!allowed) {
    res.writeHead(403).end();
    return true;
  }
  res.writeHead(204, {
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
  });
  res.end();
  return true;
}
