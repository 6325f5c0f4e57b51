import type { Logger } from 'pino';
import type { UserRecordCache } from '../auth/user-cache.js';
import type { SharedRedis } from './redis.js';

const CHANNEL = 'meridian:user-changed';

/**
 * A user's record changed through this gateway (role, active state, data access): every replica drops
 * its cached copy at once, through Redis pub/sub, instead of reusing it until its 30 s entry expires.
 * Without Redis only this process's copy goes. Changes made past the gateways (a tool on the REST API)
 * still wait for the entry to expire (decisions.md).
 */
export class UserChanges {
  constructor(
    private readonly users: UserRecordCache,
    private readonly redis: SharedRedis | undefined,
    log: Logger,
  ) {
    if (!redis) return;
    redis.subscriber.on('message', (channel: string, subject: string) => {
      if (channel === CHANNEL) users.delete(subject);
    });
    redis.subscriber.subscribe(CHANNEL).catch((error: Error) => {
      log.warn({ err: error.message }, 'Could not subscribe to user changes: replicas forget changed users by expiry');
    });
  }

  /** `email`'s record changed: forget it here and, through Redis, at every replica. */
  changed(email: string): void {
    const subject = email.toLowerCase();
    this.users.delete(subject);
    if (this.redis?.healthy) void this.redis.client.publish(CHANNEL, subject).catch(() => undefined);
  }
}
