import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from './paths.js';

export interface GatewayProcess {
  /** Its GraphQL URL. */
  url: string;
  close(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

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
 * The gateway as its own Node process (as it runs in production), from its sources through tsx, on
 * `port` with `env` added to this process's environment. Resolves once /readyz answers 200.
 */
export async function startGatewayProcess(port: number, env: Record<string, string>): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  try {
    await untilReady(`http://127.0.0.1:${port}`, child, () => errors);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://localhost:${port}/graphql`, close };
}
