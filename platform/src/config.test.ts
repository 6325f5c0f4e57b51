// Issue 39 §2: in production the platform does not start on the secrets the README publishes. One
// refusal names every secret that is unset or holds a published value; outside production the local
// defaults still work.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_SECRET_VALUES, SECRET_VARIABLES } from '@meridian/schema';
import { loadConfig } from './config.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Secrets of its own for every one production requires. */
const OWN_SECRETS = {
  CLI_CLIENT_SECRET: 'cli-secret-of-this-deployment',
  OIDC_COOKIE_KEYS: 'cookie-key-1,cookie-key-0',
  MFA_ENCRYPTION_KEYS: 'sealing-key-1',
  METRICS_TOKEN: 'metrics-token-of-this-deployment',
};
const REQUIRED = Object.keys(OWN_SECRETS) as (keyof typeof OWN_SECRETS)[];

const production = (env: Record<string, string | undefined>) => () => loadConfig({ APP_ENV: 'production', ...env });

/** The refusal's message, or a failure when there was none. */
function refusal(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('The configuration was accepted');
}

describe('the platform in production (APP_ENV=production)', () => {
  it('starts with a value of its own for every secret, and needs no seed password', () => {
    const config = loadConfig({ APP_ENV: 'production', ...OWN_SECRETS });
    expect(config).toMatchObject({
      cliClientSecret: OWN_SECRETS.CLI_CLIENT_SECRET,
      cookieKeys: ['cookie-key-1', 'cookie-key-0'],
      mfaEncryptionKeys: ['sealing-key-1'],
      metricsToken: OWN_SECRETS.METRICS_TOKEN,
    });
  });

  it('is refused with every missing secret named in one message', () => {
    const message = refusal(production({}));
    expect(message).toMatch(/^The platform does not start with APP_ENV=production/);
    for (const name of REQUIRED) expect(message).toContain(`${name} is not set`);
    // Production seeds no accounts: their password is not asked for.
    expect(message).not.toContain('SEED_PASSWORD');
  });

  it('names just the ones missing, blank values counting as missing', () => {
    const message = refusal(production({ ...OWN_SECRETS, MFA_ENCRYPTION_KEYS: ' , ', METRICS_TOKEN: '' }));
    expect(message).toContain('MFA_ENCRYPTION_KEYS is not set');
    expect(message).toContain('METRICS_TOKEN is not set');
    expect(message).not.toContain('CLI_CLIENT_SECRET');
    expect(message).not.toContain('OIDC_COOKIE_KEYS');
  });

  it('refuses a published value in any secret, even as one key of a list', () => {
    expect(PUBLISHED_SECRET_VALUES).toContain(SECRET_VARIABLES.CLI_CLIENT_SECRET.localDefault);
    for (const name of REQUIRED)
      for (const published of PUBLISHED_SECRET_VALUES) {
        const value = name.endsWith('_KEYS') ? `own-key-first,${published}` : published;
        expect(refusal(production({ ...OWN_SECRETS, [name]: value })), `${name}=${value}`).toContain(
          `${name} holds a value this repository publishes`,
        );
      }
    const all = refusal(
      production({
        CLI_CLIENT_SECRET: 'meridian-cli-local-secret',
        OIDC_COOKIE_KEYS: 'meridian-local-cookie-key',
        MFA_ENCRYPTION_KEYS: 'meridian-local-mfa-encryption-key',
        METRICS_TOKEN: 'meridian-local-1',
      }),
    );
    for (const name of REQUIRED) expect(all).toContain(`${name} holds a value this repository publishes`);
  });

  it('refuses sealing app keys with a cookie key, yet lets a cookie key follow to open older ones', () => {
    expect(refusal(production({ ...OWN_SECRETS, MFA_ENCRYPTION_KEYS: 'cookie-key-1' }))).toContain(
      'MFA_ENCRYPTION_KEYS seals with one of the OIDC_COOKIE_KEYS',
    );
    const config = loadConfig({
      APP_ENV: 'production',
      ...OWN_SECRETS,
      MFA_ENCRYPTION_KEYS: 'sealing-key-1,cookie-key-1',
    });
    expect(config.mfaEncryptionKeys).toEqual(['sealing-key-1', 'cookie-key-1']);
  });

  it('exits the process non-zero with the refusal, before opening anything', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-production-start-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, APP_ENV: 'production', DATA_DIR: dataDir, PLATFORM_PORT: '0' };
      for (const name of [...REQUIRED, 'SEED_PASSWORD', 'DATABASE_URL']) delete env[name];
      env.CLI_CLIENT_SECRET = 'meridian-cli-local-secret';
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'platform/src/main.ts'], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, output).toBe(1);
      expect(output).toContain('The platform does not start with APP_ENV=production');
      expect(output).toContain('CLI_CLIENT_SECRET holds a value this repository publishes');
      for (const name of REQUIRED.filter((name) => name !== 'CLI_CLIENT_SECRET'))
        expect(output).toContain(`${name} is not set`);
      // Nothing was listened on or written: the database was never opened.
      expect(output).not.toContain('REST API:');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the platform outside production', () => {
  it('falls back to the local defaults, and leaves /metrics without a token', () => {
    const config = loadConfig({ APP_ENV: 'local' });
    expect(config).toMatchObject({
      cliClientSecret: 'meridian-cli-local-secret',
      seedPassword: 'meridian-local-1',
      cookieKeys: ['meridian-local-cookie-key'],
      mfaEncryptionKeys: ['meridian-local-mfa-encryption-key'],
      metricsToken: undefined,
    });
    // As before: configured cookie keys also seal app keys when no sealing keys are set.
    expect(loadConfig({ OIDC_COOKIE_KEYS: 'k1,k2' }).mfaEncryptionKeys).toEqual(['k1', 'k2']);
  });

  it('names the replica after REPLICA_NAME, else its host', () => {
    expect(loadConfig({ REPLICA_NAME: 'platform-2' }).replicaName).toBe('platform-2');
    expect(loadConfig({}).replicaName).toBe(os.hostname());
  });
});
