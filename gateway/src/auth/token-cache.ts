import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TokenIdentity } from './identity.js';

/** Entries beyond this are dropped least recently used first, so a flood of distinct tokens cannot grow memory. */
const MAX_ENTRIES = 10_000;

/**
 * Tokens that verified, keyed by their SHA-256, each kept until the token's own expiry and at most
 * `ttlMs`. Verifying an RS256 signature costs more CPU than the rest of a small request; a client sends
 * the same token for minutes. Only successful verifications are kept (a refused token is verified again
 * each time), the key is the whole token (any change to it is another entry), and a token is never
 * answered past its `exp`. The lifetime cap bounds how long a token signed by a key the provider has
 * since withdrawn keeps working.
 */
export class VerifiedTokenCache {
  private readonly entries: LRUCache<string, TokenIdentity> | undefined;
  /** The last token each connection sent, with its key: a connection mostly repeats one token. */
  private readonly lastKeys = new WeakMap<object, { token: string; key: string }>();

  constructor(
    ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    // ttlResolution 0: every check reads the clock (no timer per millisecond on the hot path).
    if (ttlMs > 0) this.entries = new LRUCache({ max: MAX_ENTRIES, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

  private static keyOf(token: string): string {
    // One-shot: no Hash object per request.
    return hash('sha256', token, 'base64');
  }

  /** The key of a token sent on `connection` (its socket): hashed once for a run of the same token. */
  private keyOn(token: string, connection: object | undefined): string {
    if (!connection) return VerifiedTokenCache.keyOf(token);
    const last = this.lastKeys.get(connection);
    if (last?.token === token) return last.key;
    const key = VerifiedTokenCache.keyOf(token);
    this.lastKeys.set(connection, { token, key });
    return key;
  }

  get(token: string, connection?: object): TokenIdentity | undefined {
    return this.entries?.get(this.keyOn(token, connection));
  }

  /** Keeps a verified token's identity; `expiresAtSeconds` is its exp claim. */
  set(token: string, identity: TokenIdentity, expiresAtSeconds: number): void {
    if (!this.entries) return;
    // lru-cache answers an entry while its age is at most its ttl; a token is answered only while it is
    // younger than that (exp is the first moment it is no longer valid), hence the millisecond less.
    const ttl = Math.min(expiresAtSeconds * 1000 - this.now(), this.entries.ttl) - 1;
    if (ttl <= 0) return;
    this.entries.set(VerifiedTokenCache.keyOf(token), identity, { ttl });
  }
}
