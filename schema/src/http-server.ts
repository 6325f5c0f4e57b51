// How the gateway's and the platform's node:http servers listen and stop behind nginx, tell https
// answers, and check a bearer token (node only: not exported from the package's index, which the
// browser imports).
import { createHash, timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { REPLICA_HEADER, STRICT_TRANSPORT_SECURITY } from './protocol.js';

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
    const listener = address && typeof address === 'object' ? address : undefined;
    let turns = 0;
    const closeWhenQueueEmpty = () => {
      if (listener && turns++ < MAX_ACCEPT_TURNS && acceptQueueLength(listener.port, listener.family) > 0)
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
 * column of its LISTEN line in /proc/net/tcp (or tcp6 for an IPv6 listener; sk_ack_backlog). 0 where
 * there is no /proc.
 *
 * The kernel generates that table as it is read, listening sockets first: the read stops at this
 * port's line. The whole table (every connection, thousands in TIME_WAIT behind nginx without
 * keep-alive) took 10 ms to generate and split, and a connection nginx opened in those 10 ms before
 * close() was reset with its request in it.
 */
export function acceptQueueLength(port: number, family = 'IPv4'): number {
  const localPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of procTableLines(family === 'IPv6' ? '/proc/net/tcp6' : '/proc/net/tcp')) {
    // sl local_address rem_address st tx_queue:rx_queue …
    const [, local, , state, queues] = line.trim().split(/\s+/);
    if (state !== LISTEN) return 0;
    if (local?.endsWith(localPort)) return parseInt(queues?.split(':')[1] ?? '0', 16);
  }
  return 0;
}

/** State LISTEN in /proc/net/tcp's `st` column. */
const LISTEN = '0A';
/** Small reads: the kernel generates about as many lines as asked for. */
const PROC_READ_BYTES = 1024;

/** The lines of a /proc/net/tcp table after its header, generated a read at a time as they are taken. */
function* procTableLines(table: string): Generator<string> {
  let fd: number;
  try {
    fd = openSync(table, 'r');
  } catch {
    return;
  }
  try {
    const chunk = Buffer.alloc(PROC_READ_BYTES);
    let pending = '';
    let header = true;
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      const lines = (pending + chunk.toString('latin1', 0, read)).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (header) header = false;
        else yield line;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Listens on host:port and resolves with the port (the one chosen when 0 was asked for). */
export function listen(server: NetServer, host: string, port: number): Promise<number> {
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

/**
 * Whether a request reached us over https: TLS on this socket, or behind the one trusted proxy
 * (TRUST_PROXY, as behindOneProxy) the last X-Forwarded-Proto entry, the one that proxy wrote, says so.
 */
export function servedOverHttps(request: Pick<IncomingMessage, 'socket' | 'headers'>, trustProxy: boolean): boolean {
  // A TLS socket (node:https) says encrypted; a plain one has no such property.
  if ((request.socket as Partial<TLSSocket> | null)?.encrypted === true) return true;
  if (!trustProxy) return false;
  const header = request.headers['x-forwarded-proto'];
  const value = Array.isArray(header) ? header.at(-1) : header;
  return value?.split(',').at(-1)?.trim().toLowerCase() === 'https';
}

/**
 * Whether an Authorization header carries `Bearer <token>`, compared in constant time (both sides
 * hashed first, so neither the token's length nor its characters show in the timing).
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(token)) && presented !== '';
}

/**
 * Headers on every answer of the gateway, the REST API and the provider (issue 39 §2): which replica
 * answered (its name, never an address), and HSTS when the request came over https (servedOverHttps).
 */
export function answerHeaders(
  request: Pick<IncomingMessage, 'socket' | 'headers'>,
  replicaName: string,
  trustProxy: boolean,
): Record<string, string> {
  return {
    [REPLICA_HEADER]: replicaName,
    ...(servedOverHttps(request, trustProxy) ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}
