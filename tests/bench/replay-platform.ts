import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Recorded {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface ReplayPlatform {
  /** Where it listens: http://127.0.0.1:<port>, the platform's paths below it. */
  url: string;
  close(): Promise<void>;
}

/**
 * The platform's answers to a few GETs, recorded once from the running platform (with `token`) and
 * replayed by a bare node:http server; anything else is a 404. In front of it, a gateway's CPU per
 * request is its own work alone: no database between requests, whose wait puts every process to sleep
 * at one connection and wakes it cold for the next request. `/openapi.json` is among the answers, so
 * that Hive Gateway's Mesh can compose against it.
 */
export async function startReplayPlatform(
  platformUrl: string,
  token: string,
  paths: string[],
): Promise<ReplayPlatform> {
  const recorded = new Map<string, Recorded>();
  for (const path of ['/openapi.json', '/healthz', ...paths]) {
    const response = await fetch(`${platformUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`Recording ${path} for the replay: the platform answered ${response.status}`);
    recorded.set(path, {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/json',
      body: Buffer.from(await response.arrayBuffer()),
    });
  }
  const server = createServer((request, response) => {
    const answer = recorded.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not recorded"}');
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
