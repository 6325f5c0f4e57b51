import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Long enough for a request on a just-accepted connection to arrive; short against a stop's grace. */
const IDLE_CLOSE_DELAY_MS = 1000;

/** A node:http server for the gateway's listener, with timeouts that drop stalled clients. */
export function createGatewayServer(handler: RequestListener): Server {
  const server = createServer(handler);
  // A whole request (headers and body) must arrive within a minute; headers within 10 s.
  server.requestTimeout = 60_000;
  server.headersTimeout = 10_000;
  // Node's close() destroys every connection with no request under way, including one accepted a
  // moment ago whose request is not read yet: behind nginx, that request (perhaps a write, which nginx
  // must not send elsewhere) would fail during a rolling restart. Idle ones close a second later.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => void setTimeout(closeIdle, IDLE_CLOSE_DELAY_MS).unref();
  return server;
}

export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops accepting connections and waits for those under way (idle ones: see createGatewayServer). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
  });
}
