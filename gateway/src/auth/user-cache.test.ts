// The user-record cache: a record is answered for at most its lifetime, and forgotten at once on demand.
import { describe, expect, it } from 'vitest';
import { UserRecordCache, type CachedUser } from './user-cache.js';

const alice: CachedUser = { email: 'alice@acme.test', name: 'Alice', role: 'ORG_ADMIN', organizationId: 'acme' };
const bob: CachedUser = { email: 'bob@acme.test', name: 'Bob', role: 'VIEWER', organizationId: 'acme' };

/** A cache on a clock the test moves. */
function cacheAt(ttlMs: number) {
  const clock = { now: 1_000_000 };
  return { cache: new UserRecordCache(ttlMs, () => clock.now), clock };
}

describe('cached user records', () => {
  it('answers a record for its lifetime, and forgets one at once on demand', () => {
    const { cache, clock } = cacheAt(30_000);
    cache.set('alice@acme.test', alice);
    cache.set('bob@acme.test', bob);
    clock.now += 30_000;
    expect([cache.get('alice@acme.test'), cache.get('carol@acme.test')]).toEqual([alice, undefined]);
    // The platform answered 401 for Bob: deactivated or revoked.
    cache.delete('bob@acme.test');
    expect(cache.get('bob@acme.test')).toBeUndefined();
    clock.now += 1;
    expect(cache.get('alice@acme.test')).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0', () => {
    const { cache } = cacheAt(0);
    cache.set('alice@acme.test', alice);
    expect(cache.get('alice@acme.test')).toBeUndefined();
  });

  it('holds at most 10,000 subjects, the least recently used dropped first', () => {
    const { cache } = cacheAt(30_000);
    cache.set('bob@acme.test', bob);
    for (let index = 0; index <= 10_000; index++) {
      cache.set(`user-${index}@acme.test`, alice);
      if (index % 1_000 === 0) expect(cache.get('bob@acme.test')).toEqual(bob);
    }
    expect(cache.get('bob@acme.test')).toEqual(bob);
    expect(cache.get('user-0@acme.test')).toBeUndefined();
    expect(cache.get('user-10000@acme.test')).toEqual(alice);
  });
});
