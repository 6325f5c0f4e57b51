import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The gateway as it runs in production: its own Node process, started by its main module. */
export interface GatewayProcess {
  /** Its origin (GraphQL at `${url}/graphql`). */
  url: string;
  pid: number;
  /** Resident memory now, and the most it has held (VmRSS and VmHWM of /proc/<pid>/status). */
  memory(): Promise<{ rssBytes: number; peakRssBytes: number }>;
  /** CPU seconds it has used so far, user and system (/proc/<pid>/stat, in clock ticks). */
  cpuSeconds(): Promise<number>;
  /** SIGTERM (the gateway finishes what is under way and exits); waits for the exit. */
  close(): Promise<void>;
}

/** A port nothing listens on now: the gateway takes GATEWAY_PORT from its environment and logs nothing at LOG_LEVEL=silent. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function statusKilobytes(pid: number, field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`${field} missing from /proc/${pid}/status`);
  return Number(match[1]);
}

/** Clock ticks per second of /proc/<pid>/stat: 100 on nearly every Linux, asked once. */
const clockTicks = (() => {
  const answer = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout);
  return Number.isFinite(answer) && answer > 0 ? answer : 100;
})();

async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name (2nd field) is in parentheses and may hold spaces; utime and stime are the 14th and 15th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls /readyz (platform and JWKS answering) until 200; fails early if the process exits. */
async function untilReady(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The gateway exited (${child.exitCode}): ${stderr()}`);
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The gateway did not get ready within 60 s: ${stderr()}`);
}

/** What production runs (deploy/gateway.Dockerfile's CMD, and `npm start`): the compiled gateway. */
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

/**
 * `node gateway/dist/main.js` from the repository root, as production runs it, with `env` added to this
 * process's environment (GATEWAY_PORT chosen here). Call buildGateway first: this runs what dist/ holds.
 */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const [command, ...args] = GATEWAY_COMMAND.split(' ') as [string, ...string[]];
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  try {
    await untilReady(url, child, () => errors);
  } catch (error) {
    await close();
    throw error;
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    memory: async () => ({
      rssBytes: (await statusKilobytes(pid, 'VmRSS')) * 1024,
      peakRssBytes: (await statusKilobytes(pid, 'VmHWM')) * 1024,
    }),
    cpuSeconds: () => cpuSecondsOf(pid),
    close,
  };
}
