import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A node:http server for the gateway's listener, with timeouts that drop stalled clients. */
export function createGatewayServer(handler: RequestListener): Server {
  const server = createServer(handler);
  // A whole request (headers and body) must arrive within a minute; headers within 10 s.
  server.requestTimeout = 60_000;
  server.headersTimeout = 10_000;
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

/** Stops accepting connections and waits for those under way; idle keep-alive ones are closed at once. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  });
}
