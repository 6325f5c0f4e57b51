import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';

/** The provider's signing keys: the first signs, every one verifies (so rotation signs nobody out). */
export interface SigningKeys {
  privateJwks: JWK[];
  publicJwks: JWK[];
}

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

export const keysFile = (dataDir: string) => path.join(dataDir, 'keys', 'jwks.json');

/** Loads the keys persisted under dataDir, creating the first one on a new machine. */
export async function loadOrCreateKeys(dataDir: string): Promise<SigningKeys> {
  const file = keysFile(dataDir);
  try {
    const { keys } = JSON.parse(await readFile(file, 'utf8')) as { keys: JWK[] };
    if (keys.length > 0) return signingKeys(keys);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = [await generateSigningKey()];
  await saveKeys(dataDir, keys);
  return signingKeys(keys);
}

export async function saveKeys(dataDir: string, keys: JWK[]): Promise<void> {
  const file = keysFile(dataDir);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify({ keys }, null, 2), { mode: 0o600 });
}

/** Puts a new signing key first, keeping the older ones so tokens they signed still verify. */
export async function rotateKeys(dataDir: string, keep = 2): Promise<SigningKeys> {
  const current = await loadOrCreateKeys(dataDir);
  const keys = [await generateSigningKey(), ...current.privateJwks].slice(0, keep + 1);
  await saveKeys(dataDir, keys);
  return signingKeys(keys);
}

export function localKeySet(keys: SigningKeys) {
  return createLocalJWKSet({ keys: keys.publicJwks });
}
