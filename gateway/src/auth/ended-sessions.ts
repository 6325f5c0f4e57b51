/**
 * Sign-in sessions that have ended (signed out, revoked, ended by a deactivation or a reset), by sid,
 * each until its access tokens can no longer be valid anyway. Read on every request that carries a
 * user's token, cached or not: a Map lookup. Filled by the platform's revocation feed
 * (shared-state/revocation-feed.ts).
 */
export class EndedSessions {
  /** sid → until when (epoch ms) it must be refused. */
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether `sid` has ended. An entry past its time may still answer true until pruned: its tokens are expired by then. */
  has(sid: string): boolean {
    return this.until.has(sid);
  }

  /** `sids` ended: refuse them for `retainMs` from now. */
  add(sids: readonly string[], retainMs: number): void {
    const until = this.now() + retainMs;
    for (const sid of sids) this.until.set(sid, Math.max(until, this.until.get(sid) ?? 0));
  }

  /** Forgets the sessions whose tokens have all expired. */
  prune(): void {
    const now = this.now();
    for (const [sid, until] of this.until) if (until <= now) this.until.delete(sid);
  }

  get size(): number {
    return this.until.size;
  }
}
