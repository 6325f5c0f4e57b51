import { createServer, request as httpRequest } from 'node:http';
import { closeServer, listen } from '../http/server.js';
import { listenGateway, type ListeningGateway, type TestGateway } from './gateway.js';

/** A second gateway on a test gateway's platform, through a relay that records each platform call. */
export interface WatchedGateway {
  gateway: ListeningGateway;
  /** Each platform call made since the last clear (the background feed polls aside): `METHOD /path?query`. */
  calls: string[];
  close(): Promise<void>;
}

/**
 * Watches what the gateway asks the platform: a relay in front of `test`'s platform passes each call on
 * unchanged and records it, and a gateway of the same configuration talks to the relay.
 */
export async function watchedGateway(test: TestGateway): Promise<WatchedGateway> {
  const platform = new URL(test.platform.restUrl);
  const calls: string[] = [];
  const relay = createServer((req, res) => {
    // The feed of ended sessions is polled in the background (every 250 ms), not asked by a request.
    if (!req.url?.startsWith('/session-revocations')) calls.push(`${req.method} ${req.url}`);
    const upstream = httpRequest(
      { host: platform.hostname, port: platform.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  const port = await listen(relay, '127.0.0.1', 0);
  const gateway = await listenGateway({ ...test.config, platformApiUrl: `http://127.0.0.1:${port}` });
  return {
    gateway,
    calls,
    close: async () => {
      await gateway.close();
      relay.closeAllConnections();
      await closeServer(relay);
    },
  };
}
