import type { Server } from 'node:http';

/** Long enough for a request on a just-accepted connection to arrive; short against a stop's grace. */
export const IDLE_CLOSE_DELAY_MS = 1000;

/**
 * Node's server.close() also destroys every connection with no request under way, and that includes
 * one accepted a moment ago whose request has not been read yet: behind nginx that request (perhaps a
 * write, which nginx must not send elsewhere) fails with a 502 during a rolling restart. Here idle
 * connections are closed a second later instead, once such requests have arrived and are under way.
 */
export function closeIdleConnectionsLater(server: Server): void {
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => void setTimeout(closeIdle, IDLE_CLOSE_DELAY_MS).unref();
}
