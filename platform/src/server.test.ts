import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformConfig } from './config.js';
import { openPglite } from './db/database.js';
import { migrate } from './db/migrate.js';
import { pgliteHolder } from './db/pglite-lock.js';
import { rotateKeys } from './domain/signing-keys.js';
import { startPlatform, type RunningPlatform } from './server.js';
import { seedFixture } from './test-support/fixture.js';
import { testConfig } from './test-support/platform.js';
import { discoverConsole, signIn as signInAt } from './test-support/sign-in.js';

const signIn = async (platform: RunningPlatform, oidc: client.Configuration, email: string) =>
  (await signInAt(platform, oidc, email)).tokens;
const discover = discoverConsole;

const jwksKids = async (platform: RunningPlatform) =>
  ((await (await fetch(`${platform.issuer}/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);

const restGet = (platform: RunningPlatform, url: string, token: string) =>
  fetch(`${platform.restUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });

let dataDir: string;
let config: PlatformConfig;
let running: RunningPlatform | undefined;

/** Starts on the same data directory and, after the first start, the same issuer. */
async function start(keyRefreshMs?: number): Promise<RunningPlatform> {
  running = await startPlatform(config, { seed: false, logger: false, ...(keyRefreshMs ? { keyRefreshMs } : {}) });
  config = { ...config, oidcPort: running.config.oidcPort, issuer: running.issuer };
  return running;
}

async function stop(): Promise<void> {
  await running?.close();
  running = undefined;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-server-'));
  // The platform's own database location under dataDir, holding the fixture.
  const db = await openPglite(path.join(dataDir, 'pglite'));
  await migrate(db);
  await seedFixture(db);
  await db.close();
  config = testConfig({ dataDir, databaseUrl: undefined, host: '127.0.0.1', restPort: 0, oidcPort: 0 });
});

afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('restarting the platform', () => {
  let firstKid: string;
  let refreshed: client.TokenEndpointResponse;

  it('signs nobody out: data, sessions and the signing key persist', async () => {
    let platform = await start();
    // While it runs, tools know the embedded database is taken.
    expect(await pgliteHolder(dataDir)).toBe(process.pid);
    firstKid = platform.keys.publicJwks[0]!.kid!;
    const first = await signIn(platform, await discover(platform), 'user@acme.test');
    expect(decodeProtectedHeader(first.access_token).kid).toBe(firstKid);
    await stop();

    // Second start: the same key signs, the old access token and the refresh token still work.
    platform = await start();
    expect(platform.keys.publicJwks.map((k) => k.kid)).toEqual([firstKid]);
    const self = await restGet(platform, '/user/email/user@acme.test', first.access_token);
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({ email: 'user@acme.test', name: 'Uma Acme' });
    refreshed = await client.refreshTokenGrant(await discover(platform), first.refresh_token!);
    expect(decodeProtectedHeader(refreshed.access_token).kid).toBe(firstKid);
    await stop();
  });

  it('takes a rotated key at the next start: new tokens use it, tokens of the old key still verify', async () => {
    // As the CLI does on PGlite, the platform stopped: the new key signs from the next start.
    expect(await pgliteHolder(dataDir)).toBeNull();
    const db = await openPglite(path.join(dataDir, 'pglite'));
    const newKid = (await rotateKeys(db, dataDir, { activationDelayMs: 0 })).added;
    await db.close();
    expect(newKid).not.toBe(firstKid);
    const platform = await start();
    expect(platform.keys.publicJwks.map((k) => k.kid)).toEqual([newKid, firstKid]);
    const jwks = (await (await fetch(`${platform.issuer}/jwks`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([newKid, firstKid]);
    expect((await restGet(platform, '/user/email/user@acme.test', refreshed.access_token)).status).toBe(200);
    const afterRotation = await client.refreshTokenGrant(await discover(platform), refreshed.refresh_token!);
    expect(decodeProtectedHeader(afterRotation.access_token).kid).toBe(newKid);
    expect((await restGet(platform, '/user/email/user@acme.test', afterRotation.access_token)).status).toBe(200);
    await stop();
  });
});

describe('a rotation while the platform runs', () => {
  it('is published at the next re-read of the keys and signs from its activation, without a restart', async () => {
    const platform = await start(100);
    const oidc = await discover(platform);
    const before = await signIn(platform, oidc, 'user@acme.test');
    const oldKid = decodeProtectedHeader(before.access_token).kid;
    // In-process, on the platform's own database (the CLI cannot share PGlite; a replica's CLI does this on PostgreSQL).
    const rotation = await rotateKeys(platform.db, dataDir, { activationDelayMs: 1000 });

    await expect.poll(async () => (await jwksKids(platform)).includes(rotation.added), { timeout: 900 }).toBe(true);
    const pending = await client.refreshTokenGrant(oidc, before.refresh_token!);
    expect(decodeProtectedHeader(pending.access_token).kid).toBe(oldKid);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, rotation.activatesAt.getTime() - Date.now())));
    await expect
      .poll(async () => decodeProtectedHeader((await signIn(platform, oidc, 'user@acme.test')).access_token).kid)
      .toBe(rotation.added);
    expect(platform.keys.privateJwks[0]!.kid).toBe(rotation.added);
    const after = await signIn(platform, oidc, 'user@acme.test');
    expect((await restGet(platform, '/user/email/user@acme.test', after.access_token)).status).toBe(200);
    expect((await restGet(platform, '/user/email/user@acme.test', pending.access_token)).status).toBe(200);
    await stop();
  });
});

/**
 * Issue 39 §2: every answer of the REST API and the provider names the replica (never its address) and,
 * over https, carries HSTS; /metrics wants METRICS_TOKEN when one is set.
 */
describe('a replica behind its proxy, with a metrics token', () => {
  const METRICS_TOKEN = 'metrics-token-of-this-test';
  const HSTS = 'max-age=63072000; includeSubDomains';
  let platform: RunningPlatform;
  const urls = () => ({
    rest: `${platform.restUrl}/healthz`,
    provider: `${platform.issuer}/.well-known/openid-configuration`,
    signIn: `${platform.issuer}/interaction/nonexistent`,
  });

  beforeAll(async () => {
    platform = await startPlatform(
      { ...config, replicaName: 'platform-7', metricsToken: METRICS_TOKEN },
      { seed: false, logger: false, trustProxy: true },
    );
  });
  afterAll(() => platform.close());

  it('names itself on every answer, REST, provider and sign-in pages alike', async () => {
    for (const [what, url] of Object.entries(urls())) {
      const response = await fetch(url);
      expect(response.headers.get('x-meridian-replica'), what).toBe('platform-7');
    }
  });

  it('sends HSTS on answers the proxy says came over https, and not on plain http', async () => {
    for (const [what, url] of Object.entries(urls())) {
      const https = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers.get('strict-transport-security'), `${what} over https`).toBe(HSTS);
      const plain = await fetch(url, { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers.get('strict-transport-security'), `${what} over http`).toBeNull();
      expect((await fetch(url)).headers.get('strict-transport-security'), `${what} direct`).toBeNull();
    }
  });

  it('answers /metrics 401 without the token or with another, and 200 with it', async () => {
    const metrics = `${platform.restUrl}/metrics`;
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${METRICS_TOKEN}`]) {
      const refused = await fetch(metrics, authorization ? { headers: { authorization } } : {});
      expect(refused.status, String(authorization)).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(((await refused.json()) as { message: string }).message).toMatch(/Authorization: Bearer <METRICS_TOKEN>/);
    }
    const scraped = await fetch(metrics, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toMatch(/^platform_ready 1$/m);
  });

  it('believes X-Forwarded-Proto only from its trusted proxy', async () => {
    // The same data directory: one platform holds it at a time.
    await platform.close();
    const direct = await startPlatform({ ...config, oidcPort: 0 }, { seed: false, logger: false, trustProxy: false });
    try {
      for (const url of [`${direct.restUrl}/healthz`, `${direct.issuer}/.well-known/openid-configuration`]) {
        const response = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
        expect(response.headers.get('strict-transport-security'), url).toBeNull();
      }
    } finally {
      await direct.close();
    }
  });
});
