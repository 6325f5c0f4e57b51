/** What the gateway keeps of a user's record between requests: enough to authorize, nothing more. */
export interface CachedUser {
  email: string;
  name: string;
  role: string | null;
  organizationId: string;
}

/** Entries beyond this are dropped oldest first, so a flood of distinct subjects cannot grow memory. */
const MAX_ENTRIES = 10_000;

/**
 * Users' own records, keyed by subject, each kept at most `ttlMs` (decisions.md: within 30 seconds of
 * deactivation a user's requests are refused). An entry is only ever read for the subject it was
 * fetched for, with that subject's own token: nothing is shared across users.
 */
export class UserRecordCache {
  private readonly entries = new Map<string, { user: CachedUser; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(subject: string): CachedUser | undefined {
    const entry = this.entries.get(subject);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(subject);
      return undefined;
    }
    return entry.user;
  }

  set(subject: string, user: CachedUser): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(subject);
    this.entries.set(subject, { user, expires: this.now() + this.ttlMs });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets a subject at once (the platform answered 401 for them: deactivated or revoked). */
  delete(subject: string): void {
    this.entries.delete(subject);
  }
}
