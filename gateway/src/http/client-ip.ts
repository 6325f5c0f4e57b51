import type { IncomingMessage } from 'node:http';

/**
 * The client's address for per-IP rate limiting. Behind our nginx (TRUST_PROXY=true) it is the last
 * X-Forwarded-For entry, the one nginx itself appended: earlier entries are whatever the client sent.
 * (Fastify's trustProxy would take the first entry, the one a client can forge.)
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const value = Array.isArray(header) ? header.join(',') : header;
    const last = value
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
