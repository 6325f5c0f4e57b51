// The verified-token cache: a token is answered from it only while it is unexpired and fresh.
import { describe, expect, it } from 'vitest';
import { VerifiedTokenCache } from './token-cache.js';
import type { TokenIdentity } from './identity.js';

const alice: TokenIdentity = { kind: 'user', subject: 'alice@acme.test' };
const bob: TokenIdentity = { kind: 'user', subject: 'bob@acme.test' };

/** A cache on a clock the test moves. */
function cacheAt(ttlMs: number) {
  const clock = { now: 1_000_000 };
  return { cache: new VerifiedTokenCache(ttlMs, () => clock.now), clock };
}

describe('verified tokens', () => {
  it('answers a verified token until its lifetime cap', () => {
    const { cache, clock } = cacheAt(60_000);
    cache.set('token-a', alice, clock.now / 1000 + 300);
    expect(cache.get('token-a')).toEqual(alice);
    expect(cache.get('token-b')).toBeUndefined();
    clock.now += 59_999;
    expect(cache.get('token-a')).toEqual(alice);
    clock.now += 1;
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('never answers a token past its exp, even within the cap', () => {
    const { cache, clock } = cacheAt(60_000);
    cache.set('token-a', alice, clock.now / 1000 + 10);
    clock.now += 9_999;
    expect(cache.get('token-a')).toEqual(alice);
    clock.now += 1;
    expect(cache.get('token-a')).toBeUndefined();
    // Already expired (accepted within the clock tolerance): not kept at all.
    cache.set('token-b', alice, clock.now / 1000 - 1);
    expect(cache.get('token-b')).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0', () => {
    const { cache, clock } = cacheAt(0);
    cache.set('token-a', alice, clock.now / 1000 + 300);
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('drops the oldest entries beyond 10,000 tokens', () => {
    const { cache, clock } = cacheAt(60_000);
    for (let index = 0; index <= 10_000; index++) cache.set(`token-${index}`, alice, clock.now / 1000 + 300);
    expect(cache.get('token-0')).toBeUndefined();
    expect(cache.get('token-1')).toEqual(alice);
    expect(cache.get('token-10000')).toEqual(alice);
  });

  it('keeps a token in use through a flood of new ones: the least recently used go first', () => {
    const { cache, clock } = cacheAt(60_000);
    cache.set('token-in-use', bob, clock.now / 1000 + 300);
    for (let index = 0; index <= 10_000; index++) {
      cache.set(`token-${index}`, alice, clock.now / 1000 + 300);
      if (index % 1_000 === 0) expect(cache.get('token-in-use')).toEqual(bob);
    }
    expect(cache.get('token-in-use')).toEqual(bob);
    expect(cache.get('token-0')).toBeUndefined();
  });

  it('answers each token on a connection that carries several (nginx keeps one to the gateway for many clients)', () => {
    const { cache, clock } = cacheAt(60_000);
    const connection = {};
    cache.set('token-a', alice, clock.now / 1000 + 300);
    cache.set('token-b', bob, clock.now / 1000 + 300);
    expect(cache.get('token-a', connection)).toEqual(alice);
    expect(cache.get('token-b', connection)).toEqual(bob);
    expect(cache.get('token-a', connection)).toEqual(alice);
    expect(cache.get('token-c', connection)).toBeUndefined();
    // The connection's remembered token expires with the token.
    clock.now += 60_000;
    expect(cache.get('token-a', connection)).toBeUndefined();
  });
});
