// Platform replicas on one PostgreSQL database share everything through it: they start together
// (migrations and seed once), sign and verify with one key set that rotates without a restart, share
// sessions and sign-in throttling, and advance each lifecycle job step once. PostgreSQL pass only
// (*.pg.test.ts, see vitest.config.ts): PGlite is one process.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_FAILURES } from './domain/login.js';
import { JOB_STEPS } from './domain/jobs.js';
import { rotateKeys } from './domain/signing-keys.js';
import { startPlatform, type RunningPlatform } from './server.js';
import { createPostgresDatabase, testConfig } from './test-support/platform.js';
import { startProxy } from './test-support/proxy.js';
import { consoleRedirectUri, discoverConsole, openSignIn, signIn } from './test-support/sign-in.js';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('cluster.pg.test.ts needs TEST_DATABASE_URL (a PostgreSQL server).');

/** Replicas re-read the keys this often here (5 s in production), and a rotated key activates after this. */
const KEY_REFRESH_MS = 200;
const ACTIVATION_DELAY_MS = 2_000;
/** Steps long enough that the replicas' sweeps (one a step each) interleave within a job. */
const JOB_STEP_MS = 250;

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let dataDir: string;
let replicas: RunningPlatform[] = [];
let startedAt: Date;

beforeAll(async () => {
  database = await createPostgresDatabase(adminUrl);
  proxy = await startProxy();
  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-cluster-'));
});

afterAll(async () => {
  for (const replica of replicas) await replica.close();
  await proxy?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const replica = (index: number) => replicas[index]!;

/** Replicas started at once on the new database, each with its own pool, behind one issuer (the proxy). */
function startReplicas(count: number): Promise<RunningPlatform[]> {
  const config = testConfig({
    databaseUrl: database.url,
    host: '127.0.0.1',
    restPort: 0,
    oidcPort: 0,
    issuer: proxy.url,
    jobStepMs: JOB_STEP_MS,
  });
  // Each its own DATA_DIR, as on separate machines: nothing is shared but the database.
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      startPlatform(
        { ...config, dataDir: path.join(dataDir, `replica-${index}`) },
        { logger: false, keepIssuer: true, keyRefreshMs: KEY_REFRESH_MS },
      ),
    ),
  );
}

/** An internal tool's access token (client credentials) from one replica's provider. */
async function cliToken(platform: RunningPlatform): Promise<string> {
  const { cliClientId, cliClientSecret } = platform.config;
  const response = await fetch(`${platform.oidcUrl}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${cliClientId}:${cliClientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=api_access',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const publishedKids = async (platform: RunningPlatform) =>
  ((await (await fetch(`${platform.oidcUrl}/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
const kidOf = (token: string) => decodeProtectedHeader(token).kid!;
const restStatus = async (platform: RunningPlatform, url: string, token: string) =>
  (await fetch(`${platform.restUrl}${url}`, { headers: { authorization: `Bearer ${token}` } })).status;

async function query<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await replica(0).db.query<T>(sql, params)).rows;
}

describe('replicas starting at once on a new database', () => {
  it('migrate, seed and create the first signing key once', async () => {
    startedAt = new Date();
    replicas = await startReplicas(3);
    const migrations = await query<{ name: string; n: number }>(
      'SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name',
    );
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.every((row) => row.n === 1)).toBe(true);
    // One seed: the operators' organization once, and one signing key.
    expect(await query('SELECT id FROM organizations WHERE id = $1', ['meridian'])).toHaveLength(1);
    expect(await query('SELECT kid FROM signing_keys')).toHaveLength(1);
  });
});

describe('one key set', () => {
  it('is what every replica publishes, and a token of one replica is accepted by the others', async () => {
    const [a, b, c] = [replica(0), replica(1), replica(2)];
    const jwks = await Promise.all([a, b, c].map(publishedKids));
    expect(jwks[1]).toEqual(jwks[0]);
    expect(jwks[2]).toEqual(jwks[0]);
    const token = await cliToken(a);
    for (const platform of [a, b, c]) expect(await restStatus(platform, '/organization?limit=1', token)).toBe(200);
  });

  it('rotates without a restart: every replica publishes the new key before any signs with it', async () => {
    const [a, b] = [replica(0), replica(1)];
    const oldToken = await cliToken(a);
    const oldKid = kidOf(oldToken);
    const rotation = await rotateKeys(a.db, dataDir, { activationDelayMs: ACTIVATION_DELAY_MS });

    let publishedBeforeSigning = false;
    const signsNew = new Set<string>();
    const deadline = Date.now() + ACTIVATION_DELAY_MS + 10 * KEY_REFRESH_MS + 3_000;
    while (signsNew.size < 2 && Date.now() < deadline) {
      // What each replica publishes, read before either signs: a token's key must already be in both.
      const published = [await publishedKids(a), await publishedKids(b)];
      const tokens = [await cliToken(a), await cliToken(b)];
      for (const [index, token] of tokens.entries()) {
        const kid = kidOf(token);
        expect(published[0]).toContain(kid);
        expect(published[1]).toContain(kid);
        if (kid === rotation.added) signsNew.add(String(index));
      }
      if (signsNew.size === 0 && published.every((kids) => kids.includes(rotation.added)))
        publishedBeforeSigning = true;
      await sleep(50);
    }
    expect(publishedBeforeSigning).toBe(true);
    expect(signsNew.size).toBe(2);
    expect(Date.now()).toBeGreaterThanOrEqual(rotation.activatesAt.getTime());

    const newToken = await cliToken(b);
    expect(kidOf(newToken)).toBe(rotation.added);
    for (const platform of [a, b, replica(2)]) {
      expect(await restStatus(platform, '/organization?limit=1', newToken)).toBe(200);
      // The older key keeps verifying what it signed.
      expect(await restStatus(platform, '/organization?limit=1', oldToken)).toBe(200);
      // The signer first: the third replica, not asked to sign above, may need one more refresh to see
      // the new key active.
      await expect
        .poll(() => publishedKids(platform), { timeout: 10 * KEY_REFRESH_MS + 3_000, interval: 50 })
        .toEqual([rotation.added, oldKid]);
    }
  });
});

describe('sessions', () => {
  it('signed in through one replica, refresh and continue through another', async () => {
    const [a, b] = [replica(0), replica(1)];
    const password = a.config.seedPassword;
    proxy.route(a.oidcUrl);
    const oidc = await discoverConsole(a);
    const { tokens, browser } = await signIn(a, oidc, 'user@acme.test', { password });
    expect(await restStatus(b, '/user/email/user@acme.test', tokens.access_token)).toBe(200);

    proxy.route(b.oidcUrl);
    const refreshed = await client.refreshTokenGrant(oidc, tokens.refresh_token!);
    expect(await restStatus(a, '/user/email/user@acme.test', refreshed.access_token)).toBe(200);
    // The browser's session, made at A, is known at B: no sign-in form, straight back to the console.
    const { response, landed } = await openSignIn(b, oidc, browser);
    expect(response.status).toBe(303);
    expect(landed.href.startsWith(consoleRedirectUri(b))).toBe(true);
    expect(landed.searchParams.get('code')).toBeTruthy();
  });

  it('share sign-in throttling: failures at one replica count at the others', async () => {
    const email = 'viewer@meridian.test';
    const attempt = (platform: RunningPlatform) =>
      fetch(`${platform.restUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'not-the-password-1' }),
      });
    for (let failure = 0; failure < MAX_LOGIN_FAILURES; failure++)
      expect((await attempt(replica(failure % 3))).status).toBe(401);
    for (const platform of replicas) expect((await attempt(platform)).status).toBe(423);
  });
});

describe('lifecycle jobs', () => {
  it('advance each step once however many replicas sweep, with no audit event twice', async () => {
    // Every change of a job row, as the database saw it (a test-only trigger).
    await replica(0).db.exec(`
      CREATE TABLE job_changes (id serial PRIMARY KEY, organization_id text, kind text, old_steps jsonb,
                                new_steps jsonb, old_status text, new_status text);
      CREATE FUNCTION log_job_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO job_changes (organization_id, kind, old_steps, new_steps, old_status, new_status)
        VALUES (NEW.organization_id, NEW.kind, OLD.steps, NEW.steps, OLD.status, NEW.status);
        RETURN NEW;
      END $$;
      CREATE TRIGGER log_job_change AFTER UPDATE ON organization_jobs FOR EACH ROW EXECUTE FUNCTION log_job_change();`);
    const [{ id }] = (await query<{ id: string }>(
      `SELECT id FROM organizations WHERE status = 'created' ORDER BY id LIMIT 1`,
    )) as [{ id: string }];
    const token = await cliToken(replica(0));
    const start = (kind: string) =>
      fetch(`${replica(0).restUrl}/organization/${id}/${kind}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    // Meanwhile every replica is asked for the job, twice at once: each request brings the job up to
    // date too, so requests and sweeps of different replicas race for the same steps.
    const look = (kind: string) =>
      Promise.all(
        replicas.flatMap((platform) =>
          [1, 2].map(() =>
            fetch(`${platform.restUrl}/organization/${id}/${kind}`, { headers: { authorization: `Bearer ${token}` } }),
          ),
        ),
      );
    const settled = async (kind: string) => {
      for (let i = 0; i < 100; i++) {
        await look(kind);
        const [job] = await query<{ status: string }>(
          'SELECT status FROM organization_jobs WHERE organization_id = $1 AND kind = $2',
          [id, kind],
        );
        if (job && job.status !== 'in_progress') return job.status;
        await sleep(20);
      }
      throw new Error(`The ${kind} job did not finish`);
    };

    expect((await start('onboarding')).status).toBe(200);
    expect(await settled('onboarding')).toBe('completed');
    // Then a deployment that fails at its first step (no domain): the failure is recorded once too.
    await query(`UPDATE organizations SET domain = '{}' WHERE id = $1`, [id]);
    expect((await start('deployment')).status).toBe(200);
    expect(await settled('deployment')).toBe('failed');

    const changes = await query<{
      kind: 'onboarding' | 'deployment';
      old_steps: { name: string; status: string }[];
      new_steps: { name: string; status: string }[];
      old_status: string;
      new_status: string;
    }>('SELECT * FROM job_changes WHERE organization_id = $1 ORDER BY id', [id]);
    // A sweep that wrote what another had already written would show as a change that changes nothing.
    for (const change of changes)
      expect(JSON.stringify([change.old_steps, change.old_status])).not.toBe(
        JSON.stringify([change.new_steps, change.new_status]),
      );
    const transitions = (kind: string, name: string, to: string) =>
      changes.filter(
        (change) =>
          change.kind === kind &&
          change.old_steps.find((step) => step.name === name)?.status !== to &&
          change.new_steps.find((step) => step.name === name)?.status === to,
      ).length;
    for (const name of JOB_STEPS.onboarding) expect(transitions('onboarding', name, 'completed'), name).toBe(1);
    expect(transitions('deployment', JOB_STEPS.deployment[0]!, 'failed')).toBe(1);

    const repeated = await query(
      `SELECT action, details->>'job' AS job, details->>'step' AS step, count(*)::int AS n FROM audit_events
        WHERE organization_id = $1 AND occurred_at >= $2 GROUP BY 1, 2, 3 HAVING count(*) > 1`,
      [id, startedAt],
    );
    expect(repeated).toEqual([]);
  });
});
