import { createServer, type RequestListener, type Server } from 'node:http';
import { drainOnClose } from '@meridian/schema/http-server';

export { closeServer, listen } from '@meridian/schema/http-server';

/** A node:http server for the gateway's listener, with timeouts that drop stalled clients. */
export function createGatewayServer(handler: RequestListener): Server {
  const server = createServer(handler);
  // A whole request (headers and body) must arrive within a minute; headers within 10 s.
  server.requestTimeout = 60_000;
  server.headersTimeout = 10_000;
  drainOnClose(server);
  return server;
}
