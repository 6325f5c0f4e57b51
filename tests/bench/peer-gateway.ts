import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../e2e/support/paths.js';
import { freePort } from '@meridian/platform/test-support';
import { cpuSecondsOf, memoryOf } from './process-cpu.js';

/**
 * The bench's peer: Hive Gateway serving what GraphQL Mesh composes from the platform's own /openapi.json,
 * unpatched. Its own npm package (tests/bench/peer/, package-lock.json committed), outside the pnpm
 * workspace: its dependency tree clashes with ours (graphql-tools versions) and only the bench needs it.
 */
export const PEER_DIR = path.join(repoRoot, 'tests/bench/peer');

const HIVE_GATEWAY_BIN = path.join(PEER_DIR, 'node_modules/@graphql-hive/gateway/dist/bin.js');
const MESH_COMPOSE_BIN = path.join(PEER_DIR, 'node_modules/@graphql-mesh/compose-cli/esm/bin.js');

/** How the bench starts the peer, as a reader would type it in tests/bench/peer/ (PORT and path vary). */
export const PEER_COMMAND =
  'PLATFORM_URL=… npx mesh-compose -o supergraph.graphql && NODE_ENV=production npx hive-gateway supergraph supergraph.graphql --fork 1';

export interface PeerGatewayProcess {
  /** Where it listens: http://127.0.0.1:<port> (/graphql, /readiness). */
  origin: string;
  pid: number;
  /** CPU seconds it has used so far, user and system. */
  cpuSeconds(): Promise<number>;
  /** Resident memory now, and the most it has held. */
  memory(): Promise<{ rssBytes: number; peakRssBytes: number }>;
  /** SIGTERM; waits for the exit and removes the composed supergraph. */
  close(): Promise<void>;
}

/** `npm ci` in tests/bench/peer/ when its node_modules is missing (a fresh clone): the lockfile pins it. */
export function installPeer(log: (message: string) => void): void {
  if (existsSync(HIVE_GATEWAY_BIN) && existsSync(MESH_COMPOSE_BIN)) return;
  log('installing the peer gateway (npm ci in tests/bench/peer/)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: PEER_DIR,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`npm ci in ${PEER_DIR} failed (${result.status ?? result.signal})`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Mesh composes the supergraph from `platformUrl`/openapi.json (mesh.config.mjs) into `output`. Not
 * spawnSync: the platform answering Mesh's fetch runs on this process's event loop.
 */
async function compose(platformUrl: string, output: string): Promise<void> {
  const child = spawn(process.execPath, [MESH_COMPOSE_BIN, '--output', output], {
    cwd: PEER_DIR,
    stdio: 'inherit',
    env: { ...process.env, PLATFORM_URL: platformUrl },
  });
  await exited(child);
  if (child.exitCode !== 0) throw new Error(`mesh-compose failed (${child.exitCode ?? child.signalCode})`);
}

/** Polls /readiness (the supergraph loaded) until 200; fails early if the process exits. */
async function untilReady(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Hive Gateway exited (${child.exitCode}): ${output()}`);
    const status = await fetch(`${origin}/readiness`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Hive Gateway did not get ready within 60 s: ${output()}`);
}

/**
 * Composes the platform at `platformUrl` and starts Hive Gateway on it, in production mode and one
 * process (as our gateway runs), in tests/bench/peer/ so that it reads gateway.config.mjs. Callers'
 * Authorization headers reach the platform (mesh.config.mjs), which checks them.
 */
export async function startPeerGateway(platformUrl: string): Promise<PeerGatewayProcess> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-peer-'));
  const supergraph = path.join(workDir, 'supergraph.graphql');
  await compose(platformUrl, supergraph);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [HIVE_GATEWAY_BIN, 'supergraph', supergraph, '--host', '127.0.0.1', '--port', String(port), '--fork', '1'],
    { cwd: PEER_DIR, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Its logger writes to stdout: both streams are kept, for the message if it fails to start.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
    await rm(workDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await untilReady(origin, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    origin,
    pid: child.pid!,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    memory: () => memoryOf(child.pid!),
    close,
  };
}
