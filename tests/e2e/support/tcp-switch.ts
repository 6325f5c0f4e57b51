import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP forwarder that can be switched off (its port closed, its connections cut) and on again. */
export interface TcpSwitch {
  /** http://127.0.0.1:<port>, forwarding to the target. */
  url: string;
  /** Cuts every connection and closes the port: callers get "connection refused". */
  off(): Promise<void>;
  /** Listens again on the same port. */
  on(): Promise<void>;
  close(): Promise<void>;
}

/** Forwards 127.0.0.1:<free port> to `target` (an http://host:port origin). */
export async function tcpSwitch(target: string): Promise<TcpSwitch> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(Number(targetPort), hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        const address = next.address();
        if (typeof address === 'object' && address) port = address.port;
        resolve();
      });
    });
  const off = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, off, on: listen, close: off };
}
