import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedRedis } from './redis.js';

/**
 * Requests a minute per key (a signed-in subject, or a client IP), with rate-limiter-flexible: in this
 * process, or shared by every replica through Redis (REDIS_URL), so three gateways allow N a minute in
 * all, not 3N. When Redis is away, each process limits on its own (the insurance limiter) until it is
 * back: the service degrades, it does not stop.
 */
export class RateLimiter {
  private readonly limiter: RateLimiterAbstract | null;

  constructor(perMinute: number, redis?: SharedRedis) {
    if (perMinute <= 0) {
      this.limiter = null;
      return;
    }
    const own = new RateLimiterMemory({ points: perMinute, duration: 60 });
    this.limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis.client,
          points: perMinute,
          duration: 60,
          keyPrefix: 'meridian:rate',
          insuranceLimiter: own,
        })
      : own;
  }

  /** Takes one request from the key's allowance: 0 when allowed, else the whole seconds to wait. */
  async take(key: string): Promise<number> {
    if (!this.limiter) return 0;
    try {
      await this.limiter.consume(key, 1);
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw refusal;
    }
  }

  /** Takes `tokens` more from the key's allowance after a request was let through (an expensive one). */
  async charge(key: string, tokens: number): Promise<void> {
    if (!this.limiter || tokens <= 0) return;
    await this.limiter.penalty(key, tokens).catch(() => undefined);
  }

  stop(): void {}
}
