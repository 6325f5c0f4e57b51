// Issue 39 §2: in production the gateway does not start without its metrics token, nor on a value this
// repository publishes; the refusal names what is wrong.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_SECRET_VALUES } from '@meridian/schema';
import { loadConfig } from './config.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ APP_ENV: 'production', ...env });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('The configuration was accepted');
}

describe('the gateway in production (APP_ENV=production)', () => {
  it('starts with a metrics token of its own', () => {
    expect(loadConfig({ APP_ENV: 'production', METRICS_TOKEN: 'metrics-token-of-this-deployment' }).metricsToken).toBe(
      'metrics-token-of-this-deployment',
    );
  });

  it('is refused without METRICS_TOKEN, or with a published value, naming it', () => {
    expect(refusal({})).toMatch(/^The gateway does not start with APP_ENV=production.*METRICS_TOKEN is not set/);
    expect(refusal({ METRICS_TOKEN: '  ' })).toContain('METRICS_TOKEN is not set');
    for (const published of PUBLISHED_SECRET_VALUES)
      expect(refusal({ METRICS_TOKEN: published }), published).toContain(
        'METRICS_TOKEN holds a value this repository publishes',
      );
  });

  it('exits the process non-zero with the refusal', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, APP_ENV: 'production', GATEWAY_PORT: '0' };
    delete env.METRICS_TOKEN;
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'gateway/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(1);
    expect(output).toContain('The gateway does not start with APP_ENV=production');
    expect(output).toContain('METRICS_TOKEN is not set');
  }, 60_000);
});

describe('the gateway outside production', () => {
  it('leaves /metrics without a token, and names the replica after REPLICA_NAME, else its host', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ REPLICA_NAME: 'gateway-2' }).replicaName).toBe('gateway-2');
    expect(loadConfig({}).replicaName).toBe(os.hostname());
  });
});
