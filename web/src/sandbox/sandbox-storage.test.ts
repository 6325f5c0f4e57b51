import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_STORAGE_PREFIX, clearAllSandboxStorage, sandboxStorageFor } from './sandbox-storage.js';

describe('sandbox storage', () => {
  afterEach(() => localStorage.clear());

  it('keeps each user’s tabs and history apart', () => {
    const ada = sandboxStorageFor('Ada@Meridian.test');
    const uma = sandboxStorageFor('uma@acme.test');
    ada.setItem('graphiql:queries', '["query A"]');
    uma.setItem('graphiql:queries', '["query U"]');
    expect(ada.getItem('graphiql:queries')).toBe('["query A"]');
    expect(uma.getItem('graphiql:queries')).toBe('["query U"]');
    expect(sandboxStorageFor('ada@meridian.test').getItem('graphiql:queries')).toBe('["query A"]');
    expect(localStorage.getItem(`${SANDBOX_STORAGE_PREFIX}ada@meridian.test.graphiql:queries`)).toBe('["query A"]');
  });

  it('counts and clears only its own user’s keys', () => {
    localStorage.setItem('unrelated', 'stays');
    const ada = sandboxStorageFor('ada@meridian.test');
    ada.setItem('graphiql:tabState', '{}');
    ada.setItem('graphiql:queries', '[]');
    sandboxStorageFor('uma@acme.test').setItem('graphiql:queries', '[]');
    expect(ada.length).toBe(2);
    ada.clear();
    expect(ada.length).toBe(0);
    expect(sandboxStorageFor('uma@acme.test').length).toBe(1);
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });

  it('clears every user’s sandbox and nothing else on request', () => {
    localStorage.setItem('unrelated', 'stays');
    sandboxStorageFor('ada@meridian.test').setItem('graphiql:queries', '[]');
    sandboxStorageFor('uma@acme.test').setItem('graphiql:queries', '[]');
    clearAllSandboxStorage();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });
});
