import { hash } from 'node:crypto';
import type { TokenIdentity } from './verify-token.js';

/** Entries beyond this are dropped oldest first, so a flood of distinct tokens cannot grow memory. */
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
  private readonly entries = new Map<string, { identity: TokenIdentity; expires: number }>();
  /** The last token each connection sent, with its key: a connection mostly repeats one token. */
  private readonly lastKeys = new WeakMap<object, { token: string; key: string }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

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
    if (this.ttlMs <= 0) return undefined;
    const key = this.keyOn(token, connection);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.identity;
  }

  /** Keeps a verified token's identity; `expiresAtSeconds` is its exp claim. */
  set(token: string, identity: TokenIdentity, expiresAtSeconds: number): void {
    if (this.ttlMs <= 0) return;
    const now = this.now();
    const expires = Math.min(expiresAtSeconds * 1000, now + this.ttlMs);
    if (expires <= now) return;
    const key = VerifiedTokenCache.keyOf(token);
    this.entries.delete(key);
    this.entries.set(key, { identity, expires });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
