import { describe, expect, it } from 'vitest';
import { claimIdleSignOut } from './sign-out-claim.js';

/** Web Locks as a browser grants them between tabs: one holder per name; ifAvailable answers null. */
function fakeLocks(): LockManager {
  const held = new Set<string>();
  const request = async (
    name: string,
    options: LockOptions,
    callback: (lock: Lock | null) => unknown,
  ): Promise<unknown> => {
    if (held.has(name) && options.ifAvailable) return callback(null);
    held.add(name);
    const lock: Lock = { name, mode: 'exclusive' };
    const result = callback(lock);
    void Promise.resolve(result).finally(() => held.delete(name));
    return result;
  };
  return { request, query: async () => ({}) } as unknown as LockManager;
}

describe('the idle sign-out claim', () => {
  it('goes to the first tab only while it signs out', async () => {
    const locks = fakeLocks();
    expect(await claimIdleSignOut(locks)).toBe(true);
    expect(await claimIdleSignOut(locks)).toBe(false);
    expect(await claimIdleSignOut(locks)).toBe(false);
  });

  it('is every tab’s without Web Locks', async () => {
    expect(await claimIdleSignOut(undefined)).toBe(true);
  });
});
