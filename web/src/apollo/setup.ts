import { reloadOnce } from '../lib/chunk-reload.js';
import type { ApolloClient, InMemoryCache } from '@apollo/client';
import type { AuthFailure } from '../auth/session-ended.js';
import { checkCatalogVersion } from './catalog-version.js';
import { createApolloClient, createCache } from './client.js';
import { FreshnessTracker } from './freshness.js';
import { clearAllRecentItems } from '../layout/palette/recent-items.js';
import { clearAllSandboxStorage } from '../sandbox/sandbox-storage.js';
import { CachePersistence } from './persistence.js';

export interface ApolloSetupOptions {
  gatewayUrl: string;
  getAccessToken: () => Promise<string | null>;
  onAuthFailure: (failure: AuthFailure) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch?: typeof fetch;
}

/**
 * The client with its persisted, user-owned cache and the freshness record. Made once at start-up
 * (main.tsx), restored for the signed-in user before the first render.
 */
export class ApolloSetup {
  readonly cache: InMemoryCache;
  readonly client: ApolloClient;
  readonly freshness: FreshnessTracker;
  readonly persistence: CachePersistence;
  private catalogCheck: Promise<unknown> | null = null;

  constructor(options: ApolloSetupOptions) {
    const storage = options.storage ?? window.localStorage;
    this.cache = createCache();
    this.freshness = new FreshnessTracker(storage);
    this.persistence = new CachePersistence(this.cache, storage);
    this.client = createApolloClient({
      gatewayUrl: options.gatewayUrl,
      getAccessToken: options.getAccessToken,
      onAuthFailure: options.onAuthFailure,
      freshness: this.freshness,
      // Another build's page: one reload fetches the current console (at most once a minute).
      onStaleDocument: () => void reloadOnce(),
      cache: this.cache,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Before the first render: the signed-in user's persisted cache, or nothing (see CachePersistence). */
  async restoreFor(email: string | null): Promise<void> {
    const restored = await this.persistence.restoreFor(email);
    if (restored) this.freshness.restore();
    else this.freshness.clear();
  }

  /**
   * Someone signed in (or the signed-in user was loaded): when the cache is not theirs, everything in
   * it goes first, in memory and in storage. Returns whether it was purged.
   */
  async switchUser(email: string): Promise<boolean> {
    if (this.persistence.owner() === email.toLowerCase()) return false;
    await this.purge();
    this.persistence.adopt(email);
    return true;
  }

  /** Sign-out: nothing of the user stays in memory or in the browser's storage. */
  async purge(): Promise<void> {
    await this.persistence.purgeStorage();
    await this.client.clearStore();
    this.freshness.clear();
    // The sandbox keeps the user's queries and tabs: they are the user's data too.
    clearAllSandboxStorage();
    // So are the command palette's recent items (names and emails of whom they looked at).
    clearAllRecentItems();
  }

  /** The catalog version check, at most once per page load (spec section 4). */
  checkCatalogOnce(): Promise<unknown> {
    this.catalogCheck ??= checkCatalogVersion(this.client).catch((error: unknown) => {
      // A failed check leaves the cached catalog in place; the next page load checks again.
      console.warn('The catalog version check failed.', error);
    });
    return this.catalogCheck;
  }
}
