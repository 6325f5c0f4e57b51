// The signing keys' table: the first keys (imported from DATA_DIR once), rotation's publish-then-sign
// order and what it keeps, and the live set's early re-read for a key it has not seen yet.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openTestDatabase } from '../test-support/platform.js';
import {
  ensureSigningKeys,
  generateSigningKey,
  keysFile,
  LiveSigningKeys,
  loadSigningKeys,
  rotateKeys,
} from './signing-keys.js';

let db: Database;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-keys-'));
});
afterAll(async () => {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.query('DELETE FROM signing_keys');
  await rm(path.join(dataDir, 'keys'), { recursive: true, force: true });
});

const kids = async () => (await loadSigningKeys(db)).privateJwks.map((key) => key.kid);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the first keys', () => {
  it('are imported once from DATA_DIR/keys/jwks.json, so npm start users keep their sessions', async () => {
    const [first, second] = [await generateSigningKey(), await generateSigningKey()];
    await mkdir(path.dirname(keysFile(dataDir)), { recursive: true });
    await writeFile(keysFile(dataDir), JSON.stringify({ keys: [first, second] }));
    await ensureSigningKeys(db, dataDir);
    expect(await kids()).toEqual([first.kid, second.kid]);

    // The table now rules: a changed file is not read again.
    await writeFile(keysFile(dataDir), JSON.stringify({ keys: [await generateSigningKey()] }));
    await ensureSigningKeys(db, dataDir);
    expect(await kids()).toEqual([first.kid, second.kid]);
  });

  it('are one new key without a file, however many start at once', async () => {
    await Promise.all([ensureSigningKeys(db, dataDir), ensureSigningKeys(db, dataDir), ensureSigningKeys(db, dataDir)]);
    expect(await kids()).toHaveLength(1);
  });
});

describe('rotation', () => {
  it('publishes the new key at once and signs with it only from its activation', async () => {
    await ensureSigningKeys(db, dataDir);
    const [signer] = await kids();
    const rotation = await rotateKeys(db, dataDir, { activationDelayMs: 600 });
    expect(rotation.activatesAt.getTime()).toBeGreaterThan(Date.now());
    // Published (second) but the old key still signs (first).
    expect(await kids()).toEqual([signer, rotation.added]);
    await sleep(800);
    expect(await kids()).toEqual([rotation.added, signer]);
  });

  it('keeps two older keys once the new one signs, and never drops a key pending or signing', async () => {
    await ensureSigningKeys(db, dataDir);
    const added: string[] = [];
    for (let i = 0; i < 4; i++) added.push((await rotateKeys(db, dataDir, { activationDelayMs: 0 })).added);
    expect(await kids()).toEqual([added[3], added[2], added[1]]);

    // Rotations in quick succession: every pending key and the signer stay.
    const pending = [];
    for (let i = 0; i < 3; i++) pending.push((await rotateKeys(db, dataDir, { activationDelayMs: 60_000 })).added);
    const now = await kids();
    expect(now[0]).toBe(added[3]);
    expect(now).toEqual(expect.arrayContaining(pending));
    expect(now).toHaveLength(4);
  });

  it('honours --keep', async () => {
    await ensureSigningKeys(db, dataDir);
    const first = (await kids())[0];
    const rotation = await rotateKeys(db, dataDir, { keep: 1, activationDelayMs: 0 });
    expect(rotation.kept).toEqual([rotation.added, first]);
    const next = await rotateKeys(db, dataDir, { keep: 1, activationDelayMs: 0 });
    expect(next.dropped).toEqual([first]);
  });
});

describe('the live key set', () => {
  it('re-reads the table early for a token of a key it has not seen, then verifies it', async () => {
    await ensureSigningKeys(db, dataDir);
    const live = await LiveSigningKeys.open(db);
    const rotation = await rotateKeys(db, dataDir, { activationDelayMs: 0 });
    const jwk = (await loadSigningKeys(db)).privateJwks[0]!;
    expect(jwk.kid).toBe(rotation.added);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: rotation.added })
      .setExpirationTime('1m')
      .sign(await importJWK(jwk, 'RS256'));
    // Not yet re-read: the key is unknown, and a second re-read waits a moment after the last one.
    expect(live.current.privateJwks.map((key) => key.kid)).not.toContain(rotation.added);
    await sleep(1100);
    await expect(jwtVerify(token, live.getKey)).resolves.toBeTruthy();
    expect(live.current.privateJwks[0]!.kid).toBe(rotation.added);
  });
});
