import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer in front of several replicas, as nginx is in deployment: one public URL (the
 * provider's issuer) whose requests go to the replica `route` names last.
 */
export async function startProxy() {
  let target: URL | undefined;
  const server = createServer((req, res) => {
    if (!target) return void res.writeHead(503).end();
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    /** Sends the following requests to this origin. */
    route: (origin: string) => {
      target = new URL(origin);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
