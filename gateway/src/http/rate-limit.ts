/**
 * Token buckets per key (a signed-in subject, or a client IP): `perMinute` requests a minute sustained,
 * bursts up to `perMinute`. In memory, per gateway process: behind nginx with two replicas a client may
 * get up to twice the limit, which still stops floods.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updated: number }>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    // Full buckets are forgotten once a minute, so idle keys do not pile up.
    if (perMinute > 0) {
      this.timer = setInterval(() => this.sweep(), 60_000);
      this.timer.unref();
    }
  }

  /** Takes one request from the key's bucket: 0 when allowed, else the whole seconds to wait. */
  take(key: string): number {
    if (this.perMinute <= 0) return 0;
    const perMs = this.perMinute / 60_000;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, updated: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updated) * perMs);
    bucket.updated = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  /**
   * Takes `tokens` more from the key's bucket, after a request was let through: it may go below zero,
   * and the key then waits until it has refilled.
   */
  charge(key: string, tokens: number): void {
    if (this.perMinute <= 0 || tokens <= 0) return;
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens -= tokens;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updated) * (this.perMinute / 60_000) >= this.perMinute)
        this.buckets.delete(key);
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
