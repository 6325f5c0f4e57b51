import { LRUCache } from 'lru-cache';

/** What the gateway keeps of a user's record between requests: enough to authorize, nothing more. */
export interface CachedUser {
  email: string;
  name: string;
  role: string | null;
  organizationId: string;
}

/** Entries beyond this are dropped least recently used first, so a flood of distinct subjects cannot grow memory. */
const MAX_ENTRIES = 10_000;

/**
 * Users' own records, keyed by subject, each kept at most `ttlMs` (decisions.md: within 30 seconds of
 * deactivation a user's requests are refused). An entry is only ever read for the subject it was
 * fetched for, with that subject's own token: nothing is shared across users.
 */
export class UserRecordCache {
  private readonly entries: LRUCache<string, CachedUser> | undefined;

  constructor(ttlMs: number, now: () => number = Date.now) {
    // ttlResolution 0: every check reads the clock (no timer per millisecond on the hot path).
    if (ttlMs > 0) this.entries = new LRUCache({ max: MAX_ENTRIES, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

  get(subject: string): CachedUser | undefined {
    return this.entries?.get(subject);
  }

  set(subject: string, user: CachedUser): void {
    this.entries?.set(subject, user);
  }

  /** Forgets a subject at once (the platform answered 401 for them: deactivated or revoked). */
  delete(subject: string): void {
    this.entries?.delete(subject);
  }
}
