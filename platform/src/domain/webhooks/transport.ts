import { Agent, request } from 'undici';
import type { AttemptOutcome } from '../../stores/webhooks.js';
import { guardedLookup, ipLiteralOf, isPublicAddress, PrivateAddressRefused } from './address-guard.js';

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

/** The codes of the errors a delivery meets most, in words for the delivery log. */
const ERROR_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'The endpoint refused the connection',
  ECONNRESET: 'The endpoint closed the connection',
  ENOTFOUND: 'The host name does not resolve',
  EAI_AGAIN: 'The host name could not be resolved (DNS did not answer)',
  UND_ERR_CONNECT_TIMEOUT: 'The connection timed out',
  UND_ERR_HEADERS_TIMEOUT: `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`,
  UND_ERR_BODY_TIMEOUT: `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`,
  UND_ERR_SOCKET: 'The endpoint closed the connection',
  CERT_HAS_EXPIRED: 'The endpoint’s TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'The endpoint’s TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'The endpoint’s TLS certificate does not name its host',
};

/** Why an attempt failed, in words: the first known cause along the error's chain. */
export function describeFailure(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof PrivateAddressRefused) return cause.message;
    if (cause.name === 'TimeoutError') return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
    const code = (cause as NodeJS.ErrnoException).code;
    if (code && ERROR_WORDS[code]) return ERROR_WORDS[code];
  }
  return error instanceof Error ? `The request failed: ${error.message}` : 'The request failed';
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
