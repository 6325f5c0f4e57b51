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

/** Each dependency's state now: 'ok' or 'failing' (required), 'ok' or 'degraded' (the gateway serves without). */
export interface Readiness {
  ready: boolean;
  degraded: boolean;
  checks: Record<string, 'ok' | 'failing' | 'degraded'>;
}

/**
 * Runs the readiness checks: every required dependency (the platform's /healthz, the provider's JWKS)
 * must answer within `timeoutMs`. What /readyz answers and what the gateway_ready metric reports.
 */
export async function checkReadiness(
  checks: Record<string, ReadinessCheck>,
  degradable: Record<string, () => boolean> = {},
  timeoutMs: number = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
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
  const optional = Object.entries(degradable).map(([name, up]) => [name, up() ? 'ok' : 'degraded'] as const);
  return {
    ready: results.every(([, state]) => state === 'ok'),
    degraded: optional.some(([, state]) => state === 'degraded'),
    checks: Object.fromEntries([...results, ...optional]),
  };
}

/** /readyz: 200 when every required dependency answers (checkReadiness), else 503 naming the failing ones. */
export async function sendReadiness(reply: FastifyReply, readiness: Promise<Readiness>): Promise<FastifyReply> {
  const { ready, degraded, checks } = await readiness;
  return sendJson(
    reply,
    ready ? 200 : 503,
    { status: !ready ? 'not ready' : degraded ? 'degraded' : 'ready', checks },
    { 'cache-control': 'no-store' },
  );
}
