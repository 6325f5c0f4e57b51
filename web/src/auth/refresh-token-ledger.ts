/**
 * Which refresh token is the newest, as every tab agrees on it.
 *
 * The tabs share the signed-in user through localStorage and take turns refreshing under a Web Lock.
 * That alone is not enough: Chromium hands a localStorage write to the other tabs' processes later,
 * with no ordering against the lock, so a tab that gets the lock right after another one rotated the
 * refresh token can still read the old one; the provider then sees a reused token, takes it for theft
 * and revokes the grant, signing every tab out ("signed out elsewhere"). IndexedDB has no such lag: a
 * committed transaction is seen by every transaction begun after it. So each stored refresh token's
 * fingerprint is committed here (never the token), and a tab about to refresh first waits until its
 * localStorage shows the token this ledger names.
 */
export interface RefreshTokenLedger {
  /** Notes `refreshToken` as the newest (none: signed out); resolves once committed. */
  record(refreshToken: string | undefined): Promise<void>;
  /** Whether `refreshToken` is the newest recorded; true when nothing is recorded or there is no ledger. */
  isNewest(refreshToken: string | undefined): Promise<boolean>;
}

const DATABASE = 'meridian-auth';
const STORE = 'refresh-token';
const KEY = 'newest';

/** SHA-256 of the token, base64url: tells tokens apart without keeping one. */
async function fingerprint(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
  });
}

/**
 * The ledger in this browser's IndexedDB; one that records nothing where IndexedDB or SubtleCrypto is
 * missing (or refuses, as in some private modes): the tabs then take turns as before.
 */
export function browserRefreshTokenLedger(): RefreshTokenLedger {
  let database: Promise<IDBDatabase | null> | null = null;
  const open = () =>
    (database ??= (async () => {
      if (typeof indexedDB === 'undefined' || typeof crypto === 'undefined' || !crypto.subtle) return null;
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      return settled(request).catch(() => null);
    })());

  return {
    async record(refreshToken) {
      const db = await open();
      if (!db) return;
      const value = refreshToken ? await fingerprint(refreshToken) : undefined;
      const transaction = db.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      if (value) store.put(value, KEY);
      else store.delete(KEY);
      await committed(transaction).catch(() => undefined);
    },
    async isNewest(refreshToken) {
      const db = await open();
      if (!db) return true;
      const newest = await settled(
        db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY) as IDBRequest<string | undefined>,
      ).catch(() => undefined);
      if (newest === undefined) return true;
      return refreshToken !== undefined && newest === (await fingerprint(refreshToken));
    },
  };
}
