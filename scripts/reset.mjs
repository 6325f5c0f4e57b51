#!/usr/bin/env node
// `npm run reset`: wipes .data/ (embedded database, signing keys) and seeds anew. With DATABASE_URL set
// it empties that database too, but only when called with --yes: it may be a shared server.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runPnpm } from './pnpm.mjs';
import { ensureRuntime } from './runtime.mjs';

await ensureRuntime();

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
if (process.env.DATABASE_URL && !args.includes('--yes')) {
  console.error('DATABASE_URL is set: `npm run reset -- --yes` empties that database and seeds it anew.');
  process.exit(2);
}
if (runPnpm(['install', '--frozen-lockfile'], { cwd: root }) !== 0 || runPnpm(['run', 'build'], { cwd: root }) !== 0)
  process.exit(1);
rmSync(path.join(root, '.data'), { recursive: true, force: true });
console.info('Wiped .data/.');
const seed = spawnSync(
  process.execPath,
  [path.join(root, 'platform/dist/cli/seed.js'), '--reset', ...args.filter((a) => a !== '--yes')],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
process.exit(seed.status ?? 1);
