import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from './paths.js';

/** The gateway as its own Node process, as it runs in production. */
export interface GatewayProcess {
  /** Where it listens: http://127.0.0.1:<port> (/graphql, /readyz, /metrics). */
  origin: string;
  /** Its GraphQL URL as the console and the token audience name it: http://localhost:<port>/graphql. */
  url: string;
  pid: number;
  /** The last 64 kB of what it wrote to stdout: its JSON log lines. */
  log(): string;
  /** SIGTERM (the gateway finishes what is under way and exits); waits for the exit. */
  close(): Promise<void>;
}

/** From its sources through tsx, no build step: what the journeys run. */
export const GATEWAY_FROM_SOURCES = ['--conditions=source', '--import', 'tsx', 'gateway/src/main.ts'];

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls /readyz (platform and JWKS answering) until 200; fails early if the process exits. */
async function untilReady(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The gateway exited (${child.exitCode}): ${output()}`);
    const status = await fetch(`${origin}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The gateway did not get ready within 60 s: ${output()}`);
}

/**
 * `node <nodeArgs>` from the repository root on `port`, with `env` added to this process's environment.
 * Resolves once /readyz answers 200.
 */
export async function startGatewayProcess(
  port: number,
  env: Record<string, string>,
  nodeArgs: readonly string[] = GATEWAY_FROM_SOURCES,
): Promise<GatewayProcess> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repoRoot,
    env: { ...process.env, ...env, GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-64_000);
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await untilReady(origin, child, () => errors);
  } catch (error) {
    await close();
    throw error;
  }
  return { origin, url: `http://localhost:${port}/graphql`, pid: child.pid!, log: () => log, close };
}
