import type { ServerResponse } from 'node:http';
import { sendJson } from './send.js';

export type ReadinessCheck = () => Promise<void>;

/** /healthz: the process is up and answering. */
export function sendHealth(res: ServerResponse): void {
  sendJson(res, 200, { status: 'ok' }, { 'cache-control': 'no-store' });
}

/** /readyz: every dependency answers (the platform's /healthz, the provider's JWKS); 503 naming the failing ones. */
export async function sendReadiness(res: ServerResponse, checks: Record<string, ReadinessCheck>): Promise<void> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await check();
        return [name, 'ok'] as const;
      } catch {
        return [name, 'failing'] as const;
      }
    }),
  );
  const ready = results.every(([, state]) => state === 'ok');
  sendJson(
    res,
    ready ? 200 : 503,
    { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) },
    { 'cache-control': 'no-store' },
  );
}
