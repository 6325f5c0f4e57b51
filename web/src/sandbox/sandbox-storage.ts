/**
 * GraphiQL keeps its tabs, query history and settings in storage. Each user gets their own namespace,
 * so the next person to sign in on this browser never sees someone else's queries. (Responses are
 * never stored by GraphiQL; headers only when the user opts in.)
 */

/** The Storage shape GraphiQL's `storage` prop takes. */
export interface SandboxStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
  readonly length: number;
}

/** Every sandbox key starts with this; clearAllSandboxStorage() removes them all. */
export const SANDBOX_STORAGE_PREFIX = 'meridian.sandbox.';

const keysWithPrefix = (storage: Storage, prefix: string) =>
  Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key !== null && key.startsWith(prefix),
  );

/** `backing` (localStorage by default) seen through a per-user key prefix. */
export function sandboxStorageFor(userKey: string, backing: Storage = localStorage): SandboxStorage {
  const prefix = `${SANDBOX_STORAGE_PREFIX}${userKey.toLowerCase()}.`;
  return {
    getItem: (key) => backing.getItem(prefix + key),
    setItem: (key, value) => backing.setItem(prefix + key, value),
    removeItem: (key) => backing.removeItem(prefix + key),
    clear: () => keysWithPrefix(backing, prefix).forEach((key) => backing.removeItem(key)),
    get length() {
      return keysWithPrefix(backing, prefix).length;
    },
  };
}

/** Removes every user's sandbox tabs and history (for a sign-out that leaves nothing behind). */
export function clearAllSandboxStorage(backing: Storage = localStorage): void {
  keysWithPrefix(backing, SANDBOX_STORAGE_PREFIX).forEach((key) => backing.removeItem(key));
}
