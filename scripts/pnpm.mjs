#!/usr/bin/env node
// Runs pnpm at the version verified in ../shared/stack.md. A fresh machine has only Node and npm, so
// when pnpm is missing (or another major), it comes through npx; corepack fails on this registry.
import { spawnSync } from 'node:child_process';

export const PNPM_VERSION = '12.21.0';

function installedPnpmMatches() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return probe.status === 0 && probe.stdout.trim() === PNPM_VERSION;
}

export function pnpmCommand() {
  return installedPnpmMatches() ? ['pnpm'] : ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

/** Runs pnpm with the given arguments, inheriting stdio; returns the exit status. */
export function runPnpm(args, options = {}) {
  const [cmd, ...prefix] = pnpmCommand();
  const result = spawnSync(cmd, [...prefix, ...args], { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Run as a command (`node scripts/pnpm.mjs …`, `npm run bench`): on the product's runtime too.
  const { ensureRuntime } = await import('./runtime.mjs');
  await ensureRuntime();
  process.exit(runPnpm(process.argv.slice(2)));
}
