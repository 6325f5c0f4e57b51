import type { InMemoryCache } from '@apollo/client';
import { CachePersistor, LocalStorageWrapper } from 'apollo3-cache-persist';
import { NOT_PERSISTED_FIELDS } from './type-policies.js';

/** The persisted normalized cache, and whose it is (the signed-in user's email, lowercase). */
export const CACHE_KEY = 'meridian.apollo.cache';
export const OWNER_KEY = 'meridian.apollo.owner';

/** Spec section 7: persistence throttle 100 ms. */
export const PERSIST_THROTTLE_MS = 100;

/**
 * Runs `run` once at the end of the `ms` window the first call opens; calls inside the window join it.
 * Unlike a debounce, a stream of calls more frequent than `ms` still runs it every `ms`.
 */
export function trailingThrottle(run: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call: () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        run();
      }, ms);
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

const WRITING_METHODS = ['write', 'evict', 'modify', 'gc'] as const;

/**
 * The persistor's trigger: every change to the cache (the methods apollo3-cache-persist's own "write"
 * trigger watches) asks for a persist, throttled. Its own `debounce` option only debounces.
 */
function throttledWriteTrigger(cache: InMemoryCache) {
  return (persist: () => void) => {
    const throttle = trailingThrottle(persist, PERSIST_THROTTLE_MS);
    // Each method keeps its own signature; only the call around it is added.
    const methods = cache as unknown as Record<(typeof WRITING_METHODS)[number], (...args: unknown[]) => unknown>;
    const originals = WRITING_METHODS.map((name) => [name, methods[name]] as const);
    for (const [name, original] of originals) {
      methods[name] = (...args: unknown[]) => {
        const result = original.apply(cache, args);
        throttle.call();
        return result;
      };
    }
    return () => {
      for (const [name, original] of originals) methods[name] = original;
      throttle.cancel();
    };
  };
}

/** Beyond this the cache is not persisted (localStorage holds about 5 M characters in all). */
const MAX_PERSISTED_CHARS = 3 * 1024 * 1024;

/** A stored field's key is its name, or its name and arguments: `sessions`, `sessions({"limit":5})`. */
const isFieldKey = (key: string, field: string) => key === field || key.startsWith(`${field}(`);

/** Removes the NOT_PERSISTED_FIELDS of each normalized object; answers whether it removed any. */
function dropNotPersistedFields(entities: Record<string, unknown>): boolean {
  let dropped = false;
  for (const entity of Object.values(entities)) {
    if (typeof entity !== 'object' || entity === null) continue;
    const record = entity as Record<string, unknown>;
    const fields = NOT_PERSISTED_FIELDS[String(record.__typename)];
    if (!fields) continue;
    for (const key of Object.keys(record)) {
      if (fields.some((field) => isFieldKey(key, field))) {
        delete record[key];
        dropped = true;
      }
    }
  }
  return dropped;
}

/**
 * What is written to localStorage. Mutation results are never persisted: they are answers to one
 * action, not data to show again (and a created credential's payload belonged to one; its secret is
 * nulled by the type policy anyway). Nor are NOT_PERSISTED_FIELDS (sessions, second factors).
 */
async function persistableCache(data: unknown): Promise<unknown> {
  if (typeof data !== 'string') return data;
  const parsed = JSON.parse(data) as Record<string, unknown>;
  const hadMutations = 'ROOT_MUTATION' in parsed;
  delete parsed.ROOT_MUTATION;
  const dropped = dropNotPersistedFields(parsed);
  return hadMutations || dropped ? JSON.stringify(parsed) : data;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The normalized cache in localStorage, owned by one user: restored before the first render only for
 * the user who wrote it, and purged on sign-out and whenever someone else signs in, so one user's data
 * is never shown to, nor left in the browser for, the next.
 */
export class CachePersistence {
  private readonly persistor: CachePersistor<unknown>;

  constructor(
    cache: InMemoryCache,
    private readonly storage: StorageLike = window.localStorage,
  ) {
    this.persistor = new CachePersistor({
      cache,
      storage: new LocalStorageWrapper(storage),
      key: CACHE_KEY,
      trigger: throttledWriteTrigger(cache),
      // The trigger throttles; the persistor then persists at once.
      debounce: 0,
      maxSize: MAX_PERSISTED_CHARS,
      persistenceMapper: persistableCache,
    });
    // Nothing is written until an owner is known (restoreFor / adopt).
    this.persistor.pause();
  }

  /** The email the persisted cache belongs to, if any. */
  owner(): string | null {
    return this.storage.getItem(OWNER_KEY);
  }

  /**
   * Before the first render: restores the cache when `email` wrote it; otherwise removes whatever is
   * stored (another user's data, or anyone's when nobody is signed in) and starts empty for `email`.
   * Returns whether anything was restored.
   */
  async restoreFor(email: string | null): Promise<boolean> {
    const owner = email?.toLowerCase() ?? null;
    if (owner && this.owner() === owner) {
      await this.persistor.restore();
      this.persistor.resume();
      return true;
    }
    await this.purgeStorage();
    if (owner) this.adopt(owner);
    return false;
  }

  /** Persists from now on for `email` (the cache in memory must already be theirs or empty). */
  adopt(email: string): void {
    this.storage.setItem(OWNER_KEY, email.toLowerCase());
    this.persistor.resume();
  }

  /** Stops persisting and removes the stored cache and its owner (the cache in memory is the caller's). */
  async purgeStorage(): Promise<void> {
    this.persistor.pause();
    await this.persistor.purge();
    this.storage.removeItem(OWNER_KEY);
  }

  /** Writes now (tests; and before a reload that must find the latest data). */
  flush(): Promise<void> {
    return this.persistor.persist();
  }
}
