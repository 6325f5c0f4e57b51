// How the gateway's and the platform's node:http servers listen and stop behind nginx (node only: not
// exported from the package's index, which the browser imports).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Long enough for a request on a just-accepted connection to arrive; short against a stop's grace. */
export const IDLE_CLOSE_DELAY_MS = 1000;

/** How long requests under way may take to finish when a server stops (SIGTERM) before being cut. */
export const CLOSE_GRACE_MS = 10_000;

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

/** Listens on host:port and resolves with the port (the one chosen when 0 was asked for). */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Stops accepting; requests under way finish (idle connections close a second later, see
 * closeIdleConnectionsLater), and whatever still runs after `graceMs` is cut.
 */
export function closeServer(server: Server, graceMs = CLOSE_GRACE_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    setTimeout(() => server.closeAllConnections(), graceMs).unref();
  });
}
