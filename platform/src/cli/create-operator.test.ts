// Issue 39 §2: a production deployment's first operator comes from `npm run create-operator`, run here as
// the process an operator runs, against a new database (PGlite under DATA_DIR, or PostgreSQL with
// TEST_DATABASE_URL): it seeds the product's own data, creates a Meridian Admin without a password,
// prints the one-time link that sets one, and refuses a second time unless told --another.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type Database } from '../db/database.js';
import { consumePasswordToken } from '../domain/password-tokens.js';
import { DEMO_EMAILS } from '../seed/demo.js';
import { createPostgresDatabase } from '../test-support/platform.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const CONSOLE_URL = 'https://console.meridian.example';

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-create-operator-'));
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
});
afterAll(async () => {
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run create-operator -- <args>` in a production environment; its exit code and what it printed. */
function createOperator(...args: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: 'production',
    CLI_CLIENT_SECRET: 'cli-secret-of-this-test',
    OIDC_COOKIE_KEYS: 'cookie-key-of-this-test',
    MFA_ENCRYPTION_KEYS: 'sealing-key-of-this-test',
    METRICS_TOKEN: 'metrics-token-of-this-test',
    CONSOLE_URL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
  delete env.SEED_PASSWORD;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'platform/src/cli/create-operator.ts', ...args],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Reads the database the tool wrote (PGlite serves one process: opened once the tool has exited). */
async function inDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const db = await openConfiguredDatabase({ databaseUrl, dataDir });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

interface UserLine {
  email: string;
  organization_id: string;
  role: string;
  active: boolean;
  has_password: boolean;
}
const users = (db: Database) =>
  db
    .query<UserLine>(
      'SELECT email, organization_id, role, active, password_hash IS NOT NULL AS has_password FROM users ORDER BY created_at',
    )
    .then((result) => result.rows);

describe('npm run create-operator (production)', () => {
  it('seeds a new database without demo accounts and creates the first Meridian Admin, printing the link', async () => {
    const { code, output } = await createOperator('--email', 'Ola.Ops@Example.org', '--name', 'Ola Operator');
    expect(code, output).toBe(0);
    expect(output).toContain('Created ola.ops@example.org, a Meridian Admin of Meridian, without a password.');
    const link = new URL(/^ {2}(https:\S+)$/m.exec(output)?.[1] ?? 'https://missing.invalid');
    expect(`${link.origin}${link.pathname}`).toBe(`${CONSOLE_URL}/create-password`);
    expect(output).toContain('At their first sign-in they set up a second factor');

    await inDatabase(async (db) => {
      expect(await users(db)).toEqual([
        {
          email: 'ola.ops@example.org',
          organization_id: 'meridian',
          role: 'systemAdmin',
          active: true,
          has_password: false,
        },
      ]);
      const demo = await db.query('SELECT email FROM users WHERE email = ANY($1::text[])', [DEMO_EMAILS]);
      expect(demo.rows).toEqual([]);
      const events = await db.query<{ actor: string; actor_kind: string; action: string; target_id: string }>(
        'SELECT actor, actor_kind, action, target_id FROM audit_events',
      );
      expect(events.rows).toEqual([
        { actor: 'create-operator', actor_kind: 'client', action: 'invitation.send', target_id: 'ola.ops@example.org' },
      ]);
      // The printed link is the invitation's one-time token: it works once.
      const token = link.searchParams.get('token')!;
      expect(await consumePasswordToken(db, token)).toBe('ola.ops@example.org');
      expect(await consumePasswordToken(db, token)).toBeNull();
    });
  }, 120_000);

  it('refuses a second operator while one is active, and adds one with --another', async () => {
    const refused = await createOperator('--email', 'second@example.org', '--name', 'Sam Second');
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(
      'Not created. Meridian already has an active Meridian Admin: they add operators in the console. To add one here anyway, run again with --another.',
    );
    expect(refused.output).not.toContain('create-password');
    expect((await inDatabase(users)).map((user) => user.email)).toEqual(['ola.ops@example.org']);

    const added = await createOperator('--email', 'second@example.org', '--name', 'Sam Second', '--another');
    expect(added.code, added.output).toBe(0);
    expect((await inDatabase(users)).map((user) => [user.email, user.role])).toEqual([
      ['ola.ops@example.org', 'systemAdmin'],
      ['second@example.org', 'systemAdmin'],
    ]);
  }, 120_000);

  it('says what is missing in the arguments, in words', async () => {
    const missing = await createOperator('--email', 'third@example.org');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('--email and --name are both needed.');
    expect(missing.output).toContain('Usage: npm run create-operator -- --email <email> --name "<full name>"');
  }, 120_000);
});
