import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The gateway replicas' shared Redis (REDIS_URL): one connection for commands, one for the
 * subscription it listens on. Commands fail fast while Redis is away (no offline queue), so a request
 * never waits on it; whoever uses it falls back to this process's own state meanwhile.
 */
export class SharedRedis {
  readonly client: Redis;
  readonly subscriber: Redis;
  private up = false;

  /** Connects to `url`; ioredis is loaded only here, so a gateway without Redis never holds it in memory. */
  static async open(url: string, log: Logger): Promise<SharedRedis> {
    const { Redis: RedisClient } = await import('ioredis');
    return new SharedRedis((options) => new RedisClient(url, options), log);
  }

  private constructor(connect: (options: RedisOptions) => Redis, log: Logger) {
    const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false };
    this.client = connect(options);
    this.subscriber = connect({ ...options, enableOfflineQueue: true });
    this.client.on('ready', () => {
      if (!this.up) log.info('Redis reached: limits and caches are shared by every replica');
      this.up = true;
    });
    this.client.on('error', (error: Error) => {
      if (this.up) log.warn({ err: error.message }, 'Redis unreachable: limits are per process until it is back');
      this.up = false;
    });
    this.client.on('end', () => {
      this.up = false;
    });
  }

  /** Whether Redis answers now (readiness reports the gateway degraded when it does not). */
  get healthy(): boolean {
    return this.up && this.client.status === 'ready';
  }

  async close(): Promise<void> {
    this.client.disconnect();
    this.subscriber.disconnect();
  }
}
