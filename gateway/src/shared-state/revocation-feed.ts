import type { Logger } from 'pino';
import type { EndedSessions } from '../auth/ended-sessions.js';
import type { PlatformTransport } from '../platform/client.js';

/** The longest the first read may hold the gateway's start (a platform that hangs must not hang it). */
const STARTUP_WAIT_MS = 3000;

/**
 * Follows the platform's feed of ended sessions into this replica's EndedSessions: polled every
 * `pollMs` (250 ms by default) from a cursor, so a session ended anywhere (the console, a tool on the
 * REST API, the provider's sign-out, a deactivation or a reset) is refused by every replica within
 * a poll and a round trip, well inside a second. One small request per replica per poll, however many
 * users there are; the platform answers it from the feed's primary key.
 *
 * Why polling and not Redis: PostgreSQL holds the feed, and most endings happen in the platform (which
 * has no Redis), so a replica has to read the feed anyway: after a start, after Redis was unreachable,
 * and for every ending that did not pass through a gateway. A Redis announcement would only shorten
 * the ~250 ms of the endings made through a gateway, while pub/sub loses what is sent while a replica
 * reconnects; one path that is always right is simpler to trust than two.
 */
export class RevocationFeed {
  private cursor = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private failing = false;
  private readOnce = false;
  private started: Promise<void> | undefined;
  /** The transport's own lines about a failed call are left out: the feed says it once, when it starts failing. */
  private readonly quiet: Logger;

  constructor(
    private readonly transport: PlatformTransport,
    private readonly ended: EndedSessions,
    private readonly pollMs: number,
    private readonly log: Logger,
  ) {
    this.quiet = log.child({}, { level: 'silent' });
  }

  /**
   * Reads the whole live feed, then keeps following it. Resolves once that first read is done, or has
   * failed, or after STARTUP_WAIT_MS (a platform that does not answer yet): the gateway then starts,
   * says so, and catches up as soon as the platform answers.
   */
  start(): Promise<void> {
    this.started ??= new Promise<void>((resolve) => {
      const waited = setTimeout(resolve, STARTUP_WAIT_MS);
      waited.unref();
      void this.round().then((read) => {
        clearTimeout(waited);
        if (!read) this.log.warn('Serving before ended sessions could be read from the platform');
        resolve();
        this.next();
      });
    });
    return this.started;
  }

  /** Whether the feed has been read and the last poll read it (readiness reports the gateway degraded otherwise). */
  get healthy(): boolean {
    return this.readOnce && !this.failing;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private next(): void {
    if (this.stopped) return;
    // A timeout chain, not an interval: a slow answer never has a second poll pile onto it.
    this.timer = setTimeout(() => void this.round().then(() => this.next()), this.pollMs);
    this.timer.unref();
  }

  /** One poll: every page after the cursor. Answers whether the feed was read. */
  private async round(): Promise<boolean> {
    try {
      await this.readToEnd();
      if (this.failing) this.log.info('Ended sessions are read from the platform again');
      this.failing = false;
      this.readOnce = true;
      return true;
    } catch (error) {
      if (!this.failing)
        this.log.warn({ err: (error as Error).message }, 'Ended sessions cannot be read from the platform: retrying');
      this.failing = true;
      return false;
    } finally {
      this.ended.prune();
    }
  }

  private async readToEnd(): Promise<void> {
    // A page with sids may be followed by more (the platform pages by a thousand): read until one is empty.
    for (;;) {
      const page = await this.transport.call(
        'listSessionRevocations',
        { requestId: 'session-revocations', log: this.quiet },
        { query: { after: this.cursor } },
      );
      this.ended.add(page.sids, page.retainSeconds * 1000);
      const advanced = page.cursor !== this.cursor;
      this.cursor = page.cursor;
      if (page.sids.length === 0 || !advanced) return;
    }
  }
}
