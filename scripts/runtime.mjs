#!/usr/bin/env node
// The Node.js the product runs on (README "Runtime"): the newest LTS line every dependency supports.
// A machine whose Node is older (these machines have Node 20, past its end of life) gets this one from
// the npm registry, as pnpm comes through npx: `node-<platform>-<arch>` is the official binary
// packaged by the Node.js project, installed once under .runtime/. The entry scripts (npm start, npm
// test, npm run bench, …) call ensureRuntime() first; it re-runs them on that Node with its folder first
// on PATH, so pnpm, vitest, tsx and every child they start run on it too.
//
// As a command: `node scripts/runtime.mjs <program> [args…]` runs one program on that runtime.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

export const NODE_VERSION = '24.22.3';
const REQUIRED_MAJOR = Number(NODE_VERSION.split('.')[0]);

const root = path.resolve(import.meta.dirname, '..');
const PLATFORMS = { linux: 'linux', darwin: 'darwin', win32: 'win' };

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** Whether this process already runs on a Node at least as new as the product's line. */
export const onRuntime = () => major(process.version) >= REQUIRED_MAJOR;

function runtimePackage() {
  const platform = PLATFORMS[process.platform];
  if (!platform)
    throw new Error(`No Node.js ${NODE_VERSION} package for ${process.platform}: install Node ${REQUIRED_MAJOR}.`);
  return `node-${platform}-${process.arch}@${NODE_VERSION}`;
}

/** The folder holding the runtime's `node` binary, installed from the registry when missing. */
function runtimeBin() {
  const dir = path.join(root, '.runtime', `node-${NODE_VERSION}`);
  const bin = path.join(dir, 'node_modules', runtimePackage().split('@')[0], 'bin');
  const binary = path.join(bin, process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return bin;
  console.info(`Node ${process.versions.node} is older than the product's runtime: fetching Node ${NODE_VERSION}…`);
  // Installed beside, then moved into place: an interrupted fetch never leaves a half runtime behind.
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', partial, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', runtimePackage()],
    { stdio: 'inherit', shell: process.platform === 'win32' },
  );
  if (npm.status !== 0) throw new Error(`Fetching ${runtimePackage()} from the npm registry failed.`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return bin;
}

/** Runs `command args` on the runtime, with its folder first on PATH; resolves to the exit status. */
function runOnRuntime(command, args) {
  const bin = runtimeBin();
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(command === 'node' ? path.join(bin, 'node') : command, args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  // Ctrl-C reaches the child through the terminal's process group; a SIGTERM sent to this process only
  // is passed on. Either way the child decides when it is done, and its status is ours.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
}

/**
 * Called first by each entry script: returns at once on the product's runtime; otherwise runs the same
 * script on it and exits with its status (the rest of the calling script never runs on the old Node).
 */
export async function ensureRuntime() {
  if (onRuntime()) return;
  process.exit(await runOnRuntime('node', [...process.execArgv, ...process.argv.slice(1)]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/runtime.mjs <program> [args…]');
    process.exit(2);
  }
  process.exit(
    onRuntime() ? (spawnSync(command, args, { stdio: 'inherit' }).status ?? 1) : await runOnRuntime(command, args),
  );
}
