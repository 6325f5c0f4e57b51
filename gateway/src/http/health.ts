import type { FastifyReply } from 'fastify';
import { sendJson } from './send.js';
import { within } from '@meridian/schema/http-server';

export type ReadinessCheck = () => Promise<void>;

/** /healthz: the process is up and answering. */
export function sendHealth(reply: FastifyReply) {
  return sendJson(reply, 200, { status: 'ok' }, { 'cache-control': 'no-store' });
}

/** A dependency that has not answered within this is failing, for readiness (probes time out at ~1 s). */
export const READINESS_TIMEOUT_MS = 800;

/**
 * /readyz: every dependency answers (the platform's /healthz, the provider's JWKS) within
 * READINESS_TIMEOUT_MS; 503 naming the failing ones.
 */
export async function sendReadiness(
  reply: FastifyReply,
  checks: Record<string, ReadinessCheck>,
  degradable: Record<string, () => boolean> = {},
  timeoutMs: number = READINESS_TIMEOUT_MS,
): Promise<FastifyReply> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await within(check(), timeoutMs);
        return [name, 'ok'] as const;
      } catch {
        return [name, 'failing'] as const;
      }
    }),
  );
  const ready = results.every(([, state]) => state === 'ok');
  const optional = Object.entries(degradable).map(([name, up]) => [name, up() ? 'ok' : 'degraded'] as const);
  const degraded = optional.some(([, state]) => state === 'degraded');
  return sendJson(
    reply,
    ready ? 200 : 503,
    {
      status: !ready ? 'not ready' : degraded ? 'degraded' : 'ready',
      checks: Object.fromEntries([...results, ...optional]),
    },
    { 'cache-control': 'no-store' },
  );
}
