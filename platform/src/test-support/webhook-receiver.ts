import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a receiver got: its path, headers and raw body. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answers (after `delayMs`). */
  status: number;
}

/** What the receiver answers a request on a path: a status, and headers (a redirect's Location). */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number };

/**
 * A real HTTP endpoint for webhook tests: records every request and answers per path, by default 204;
 * `answer` overrides that (a 500 once, a redirect, a slow answer).
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  let answer: (path: string, count: number) => Answer = () => ({ status: 204 });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // The path alone: an endpoint's URL may carry a query (the cluster test numbers its URLs).
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      const count = received.filter((entry) => entry.path === path).length;
      const { status, headers, delayMs } = answer(path, count);
      // Recorded on arrival: a sender killed while the receiver is slow to answer still delivered it.
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      const respond = () => res.writeHead(status, headers).end();
      if (delayMs) setTimeout(respond, delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** The requests a path received, in arrival order. */
    on: (path: string) => received.filter((entry) => entry.path === path),
    answer(next: (path: string, count: number) => Answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The message a request carries, once its signature verifies with `secret` (throws otherwise). */
export function verified(entry: Pick<Received, 'headers' | 'body'>, secret: string) {
  const headers = Object.fromEntries(
    Object.entries(entry.headers).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
  return new Webhook(secret).verify(entry.body, headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}

/** Waits until `check` returns a value other than undefined or false (polling every 20 ms), or fails after `timeoutMs`. */
export async function until<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 10_000,
): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
