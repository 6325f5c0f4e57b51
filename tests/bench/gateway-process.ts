import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startGatewayProcess, type GatewayProcess } from '../e2e/support/gateway-process.js';
import { repoRoot } from '../e2e/support/paths.js';
import { freePort } from '@meridian/platform/test-support';
import { cpuSecondsOf, memoryOf } from './process-cpu.js';

/** The compiled gateway as production runs it, with what the bench reads of its process. */
export interface MeasuredGatewayProcess extends GatewayProcess {
  /** Resident memory now, and the most it has held (VmRSS and VmHWM of /proc/<pid>/status). */
  memory(): Promise<{ rssBytes: number; peakRssBytes: number }>;
  /** CPU seconds it has used so far, user and system (/proc/<pid>/stat, in clock ticks). */
  cpuSeconds(): Promise<number>;
}

/** What production runs (deploy/gateway.Dockerfile's CMD, and `npm start`): the compiled gateway. */
/** The load is one caller sending as fast as it can: no rate limit. */
export const NO_RATE_LIMIT = { RATE_LIMIT_PER_MINUTE: '0' } as const;

export const GATEWAY_COMMAND = 'node gateway/dist/main.js';

/** Runs a command at the repository root, its output shown; throws when it fails. */
function runAtRoot(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

/**
 * Compiles the gateway (and the schema package it uses) to dist/ as the production image does
 * (`tsc -b gateway/tsconfig.build.json`). Its resolver types are generated, not committed: `pnpm codegen`
 * first when they are missing (a fresh clone).
 */
export function buildGateway(): void {
  if (!existsSync(path.join(repoRoot, 'gateway/src/generated/resolvers-types.ts'))) {
    runAtRoot(process.execPath, [path.join(repoRoot, 'scripts/pnpm.mjs'), 'codegen']);
  }
  runAtRoot(process.execPath, [
    path.join(repoRoot, 'node_modules/typescript/bin/tsc'),
    '-b',
    'gateway/tsconfig.build.json',
  ]);
}

/** A platform the bench's gateway calls: its REST API, its issuer and the audience of its tokens. */
interface BenchPlatform {
  restUrl: string;
  issuer: string;
  config: { audience: string };
}

/** The token the bench's production gateways want at /metrics (production refuses to start without one). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token';

/** The gateway's environment in the bench: production mode in front of `platform`, logs silent; `extra` adds. */
export function benchGatewayEnv(platform: BenchPlatform, extra: Record<string, string> = {}): Record<string, string> {
  return {
    APP_ENV: 'production',
    NODE_ENV: 'production',
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    LOG_LEVEL: 'silent',
    PLATFORM_API_URL: platform.restUrl,
    OIDC_ISSUER: platform.issuer,
    GATEWAY_AUDIENCE: platform.config.audience,
    ...extra,
  };
}

/**
 * `node gateway/dist/main.js` from the repository root, as production runs it, on a free port with `env`
 * added to this process's environment (`nodeFlags` before the script, e.g. --cpu-prof). Call
 * buildGateway first: this runs what dist/ holds.
 */
export async function startBuiltGateway(
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): Promise<MeasuredGatewayProcess> {
  const gateway = await startGatewayProcess(await freePort(), env, [
    ...nodeFlags,
    ...GATEWAY_COMMAND.split(' ').slice(1),
  ]);
  return {
    ...gateway,
    memory: () => memoryOf(gateway.pid),
    cpuSeconds: () => cpuSecondsOf(gateway.pid),
  };
}
