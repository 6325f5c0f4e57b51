import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Database, Queryable } from '../db/database.js';
import { logFailure } from '../observability/error-log.js';
import { deleteKeys, insertKey, keyActivation, lockKeys, selectKeys } from '../stores/signing-keys.js';

/**
 * The provider's signing keys: the first signs, every one is published and verifies (so rotation signs
 * nobody out). They live in the signing_keys table (stores/signing-keys.ts), shared by every replica.
 */
export interface SigningKeys {
  privateJwks: JWK[];
  publicJwks: JWK[];
}

/** How often a running platform re-reads the key set (a rotation reaches every replica within this). */
export const KEY_REFRESH_MS = 5_000;
/**
 * How long after a rotation the new key starts signing: longer than any replica's refresh, with a margin,
 * so every replica (and the gateway through any of them) publishes the key before a token carries it.
 */
export const KEY_ACTIVATION_DELAY_MS = 2 * KEY_REFRESH_MS + 5_000;
/** Older keys a rotation keeps verifying, by default. */
export const KEPT_OLDER_KEYS = 2;

export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

export function toPublicJwk({ kty, n, e, kid, alg, use, crv, x, y }: JWK): JWK {
  return Object.fromEntries(Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined));
}

export function signingKeys(privateJwks: JWK[]): SigningKeys {
  return { privateJwks, publicJwks: privateJwks.map(toPublicJwk) };
}

export function localKeySet(keys: SigningKeys) {
  return createLocalJWKSet({ keys: keys.publicJwks });
}

/** Where keys lived before they moved to the database; imported once, never written again. */
export const keysFile = (dataDir: string) => path.join(dataDir, 'keys', 'jwks.json');

async function readKeysFile(dataDir: string): Promise<JWK[]> {
  try {
    const { keys } = JSON.parse(await readFile(keysFile(dataDir), 'utf8')) as { keys?: JWK[] };
    return Array.isArray(keys) ? keys : [];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Gives an empty key table its first keys: those of DATA_DIR/keys/jwks.json when the platform ran
 * before keys moved to the database (so nobody is signed out), else a new one. The file's first key
 * signs; the others, activated a second apart before it, keep verifying.
 */
export async function ensureSigningKeys(db: Database, dataDir: string): Promise<void> {
  if ((await selectKeys(db)).length > 0) return;
  const imported = await readKeysFile(dataDir);
  const keys = imported.length > 0 ? imported : [await generateSigningKey()];
  await db.transaction(async (tx) => {
    await lockKeys(tx);
    if ((await selectKeys(tx)).length > 0) return;
    for (const [index, jwk] of keys.entries()) await insertKey(tx, jwk, -1000 * index);
  });
}

/** The key set now: the newest activated key signs; pending and older keys are published to verify. */
export async function loadSigningKeys(db: Queryable): Promise<SigningKeys> {
  const rows = await selectKeys(db);
  const signer = rows.find((row) => row.active);
  if (!signer) throw new Error('No signing key has activated yet: the signing_keys table has no usable key.');
  return signingKeys([signer, ...rows.filter((row) => row !== signer)].map((row) => row.private_jwk));
}

export interface Rotation {
  /** The new key's id; it is published at once and signs from activatesAt. */
  added: string;
  activatesAt: Date;
  /** The key signing until then (the new one itself when it activates at once). */
  signing: string;
  kept: string[];
  dropped: string[];
}

/**
 * Adds a new signing key that activates after `activationDelayMs` (every replica publishes it first),
 * and drops the keys older than the `keep` that verify once it signs. Keys still pending and the key
 * signing now are never dropped, however quickly rotations follow each other.
 */
export async function rotateKeys(
  db: Database,
  dataDir: string,
  { keep = KEPT_OLDER_KEYS, activationDelayMs = KEY_ACTIVATION_DELAY_MS } = {},
): Promise<Rotation> {
  await ensureSigningKeys(db, dataDir);
  const jwk = await generateSigningKey();
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    await insertKey(tx, jwk, activationDelayMs);
    const rows = await selectKeys(tx);
    const signerIndex = rows.findIndex((row) => row.active);
    const kept = rows.slice(0, Math.max(signerIndex + 1, keep + 1)).map((row) => row.kid);
    const dropped = rows.map((row) => row.kid).filter((kid) => !kept.includes(kid));
    await deleteKeys(tx, dropped);
    return {
      added: jwk.kid!,
      activatesAt: await keyActivation(tx, jwk.kid!),
      signing: rows[signerIndex]!.kid,
      kept,
      dropped,
    };
  });
}

/** An unknown key id re-reads the table at most this often (a token of a key published moments ago). */
const UNKNOWN_KID_REFRESH_MS = 1_000;

const versionOf = (keys: SigningKeys) => keys.privateJwks.map((key) => key.kid).join(',');

/**
 * The key set a running platform signs and verifies with, re-read from the database every few seconds
 * so a rotation reaches every replica without a restart. Listeners hear when the published keys or the
 * signing key changed.
 */
export class LiveSigningKeys {
  #keys: SigningKeys;
  #jwkSet: ReturnType<typeof localKeySet>;
  #refreshing: Promise<void> | undefined;
  #lastRefresh = Date.now();
  readonly #listeners: ((keys: SigningKeys) => void)[] = [];

  private constructor(
    private readonly db: Queryable,
    keys: SigningKeys,
  ) {
    this.#keys = keys;
    this.#jwkSet = localKeySet(keys);
  }

  static async open(db: Queryable): Promise<LiveSigningKeys> {
    return new LiveSigningKeys(db, await loadSigningKeys(db));
  }

  get current(): SigningKeys {
    return this.#keys;
  }

  onChange(listener: (keys: SigningKeys) => void): void {
    this.#listeners.push(listener);
  }

  /** Re-reads the table (one read at a time); listeners run when something changed. */
  refresh(): Promise<void> {
    this.#refreshing ??= (async () => {
      try {
        const keys = await loadSigningKeys(this.db);
        this.#lastRefresh = Date.now();
        if (versionOf(keys) === versionOf(this.#keys)) return;
        this.#keys = keys;
        this.#jwkSet = localKeySet(keys);
        for (const listener of this.#listeners) listener(keys);
      } finally {
        this.#refreshing = undefined;
      }
    })();
    return this.#refreshing;
  }

  /** Re-reads every `intervalMs`; the returned function stops it. */
  start(intervalMs: number = KEY_REFRESH_MS): () => Promise<void> {
    const timer = setInterval(() => {
      this.refresh().catch((error: unknown) => logFailure('Re-reading the signing keys failed', error));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.#refreshing?.catch(() => undefined);
    };
  }

  /** jose's key resolver over the live set: a token of an unknown key id prompts one early re-read. */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await this.#jwkSet(header, token);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_JWKS_NO_MATCHING_KEY') throw error;
      if (Date.now() - this.#lastRefresh < UNKNOWN_KID_REFRESH_MS) throw error;
      await this.refresh();
      return this.#jwkSet(header, token);
    }
  };
}
