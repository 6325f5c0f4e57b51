import { Agent, request } from 'undici';
import type { AttemptOutcome } from '../../stores/webhooks.js';
import { guardedLookup, ipLiteralOf, isPublicAddress, PrivateAddressRefused } from '../outbound/address-guard.js';
import { outboundFailureSentence } from '../outbound/failure.js';

/** An endpoint has this long to answer; a slower one is a failed attempt, retried later. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookTransport {
  /** Posts one signed request and says how the endpoint took it; never throws for the endpoint's failures. */
  send(
    url: string,
    req: { body: string; headers: Record<string, string> },
    signal?: AbortSignal,
  ): Promise<AttemptOutcome>;
  close(): Promise<void>;
}

/**
 * Why an attempt failed, in words (outbound/failure.ts): a refused, reset, silent or slow endpoint all
 * read the same, so the delivery log cannot be used to tell open ports from closed ones.
 */
export function describeFailure(error: unknown): string {
  return outboundFailureSentence(error, 'The endpoint', DELIVERY_TIMEOUT_MS);
}

const outcomeOfStatus = (status: number): string | null => {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `Redirects are not followed (the endpoint answered ${status})`;
  return `The endpoint answered ${status}`;
};

/**
 * Posts deliveries over undici: no redirect is followed (a 3xx fails: a redirect could point inside the
 * network the guard protects). `guard` (production) refuses hosts that are not public, after DNS.
 */
export function createTransport(options: { guard: boolean }): WebhookTransport {
  const agent = new Agent(options.guard ? { connect: { lookup: guardedLookup } } : {});
  return {
    async send(url, req, signal) {
      const started = performance.now();
      const latency = () => Math.round(performance.now() - started);
      try {
        // An IP literal never reaches the lookup: it is checked here.
        const literal = ipLiteralOf(new URL(url).hostname);
        if (options.guard && literal !== null && !isPublicAddress(literal)) throw new PrivateAddressRefused(literal);
        const timeout = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
        const response = await request(url, {
          method: 'POST',
          dispatcher: agent,
          headers: req.headers,
          body: req.body,
          headersTimeout: DELIVERY_TIMEOUT_MS,
          bodyTimeout: DELIVERY_TIMEOUT_MS,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        // The answer's body is not read; it is drained so the connection can be reused.
        await response.body.dump().catch(() => undefined);
        return {
          responseStatus: response.statusCode,
          error: outcomeOfStatus(response.statusCode),
          latencyMs: latency(),
        };
      } catch (error) {
        if (signal?.aborted) throw error;
        return { responseStatus: null, error: describeFailure(error), latencyMs: latency() };
      }
    },
    close: () => agent.close(),
  };
}
