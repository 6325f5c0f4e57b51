// How the gateway's and the platform's node:http servers listen and stop behind nginx (node only: not
// exported from the package's index, which the browser imports).
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Long enough for a request on a just-accepted connection to arrive; short against a stop's grace. */
export const IDLE_CLOSE_DELAY_MS = 1000;

/** How long requests under way may take to finish when a server stops (SIGTERM) before being cut. */
export const CLOSE_GRACE_MS = 10_000;

/**
 * Makes `server` stop without failing what nginx has already sent it; gateway and platform servers call
 * it once, before listening.
 *
 * - Closing the listener resets every connection the kernel has accepted that Node has not taken yet
 *   (its accept queue): nginx has connected and written the request, which may be a write it must not
 *   send elsewhere, so it answers 502. close() here waits, an event-loop turn at a time, until that queue
 *   is empty, then closes (read from /proc/net on Linux; elsewhere it closes at once).
 * - Node's server.close() also destroys every connection with no request under way, and that includes
 *   one accepted a moment ago whose request has not been read yet. Idle connections are closed a
 *   second later instead, once such requests have arrived and are under way.
 *
 * What remains is a handshake the kernel completes in the microseconds between the last look at the
 * queue and the close; a load balancer that stops sending first (readiness, an nginx reload) has none.
 */
export function drainOnClose(server: Server): void {
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => void setTimeout(closeIdle, IDLE_CLOSE_DELAY_MS).unref();
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : undefined;
    let turns = 0;
    const closeWhenQueueEmpty = () => {
      if (port !== undefined && turns++ < MAX_ACCEPT_TURNS && acceptQueueLength(port) > 0)
        setImmediate(closeWhenQueueEmpty);
      else close(callback);
    };
    closeWhenQueueEmpty();
    return server;
  };
}

/** Event-loop turns close() waits for the accept queue to empty (each one accepts what is queued). */
const MAX_ACCEPT_TURNS = 100;

/**
 * Connections accepted by the kernel and not yet by the process listening on `port`: the rx_queue
 * column of its LISTEN line in /proc/net/tcp{,6} (sk_ack_backlog). 0 where there is no /proc.
 */
export function acceptQueueLength(port: number): number {
  const localPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let queued = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue …; st 0A is LISTEN.
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state === '0A' && local?.endsWith(localPort)) queued += parseInt(queues?.split(':')[1] ?? '0', 16);
    }
  }
  return queued;
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
 * drainOnClose), and whatever still runs after `graceMs` is cut.
 */
export function closeServer(server: Server, graceMs = CLOSE_GRACE_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    setTimeout(() => server.closeAllConnections(), graceMs).unref();
  });
}

/** Rejects when `work` takes longer than `ms` (a hanging dependency must not hang a probe or a scrape). */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
