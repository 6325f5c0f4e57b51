#!/usr/bin/env node
// `npm test`: installs, then runs every check and test in the order a failure is cheapest to find:
// typecheck, the production build (`pnpm build`, what `npm start` runs), lint, unit and integration
// tests (PGlite), the platform suite again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), and
// last the browser journeys (Chromium) and cluster tests (PostgreSQL, Redis, nginx), installing those
// Debian packages when missing and allowed. Prints one closing line "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDebianPackage } from './debian.mjs';
import { runPnpm } from './pnpm.mjs';
import { ensureRuntime } from './runtime.mjs';

await ensureRuntime();

const root = path.resolve(import.meta.dirname, '..');
const outputDir = path.join(root, 'test-output');
rmSync(path.join(outputDir, 'vitest'), { recursive: true, force: true });
mkdirSync(path.join(outputDir, 'vitest'), { recursive: true });

const phaseTimes = [];

function step(title, args, env = {}) {
  console.info(`\n=== ${title}`);
  const started = Date.now();
  const status = runPnpm(args, { cwd: root, env: { ...process.env, ...env } });
  // Each phase's time, so a slower suite shows where (the issue-40 target: a fresh clone in 20 minutes).
  phaseTimes.push(`${title}: ${Math.round((Date.now() - started) / 1000)} s`);
  console.info(`=== ${title}: ${status === 0 ? 'done' : 'failed'} in ${phaseTimes.at(-1).split(': ').at(-1)}`);
  if (status !== 0) {
    console.error(`\n${title} failed (exit ${status}).`);
    summarize();
    process.exit(status);
  }
}

/** Vitest run with a JSON report under test-output/vitest/, so the closing line can count every test. */
function vitest(title, name, args, env = {}, pnpmArgs = []) {
  const report = path.join(outputDir, 'vitest', `${name}.json`);
  step(
    title,
    [
      ...pnpmArgs,
      'exec',
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
}

function summarize() {
  let passed = 0;
  let failed = 0;
  const dir = path.join(outputDir, 'vitest');
  for (const name of existsSync(dir) ? ['unit', 'postgres', 'browser'] : []) {
    const file = path.join(dir, `${name}.json`);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + report.numPendingTests + report.numTodoTests;
  }
  console.info(`\nPhase times: ${phaseTimes.join('; ')}`);
  console.info(`\n${passed} passed, ${failed} failed`);
}

/** A program from Debian the tests need (scripts/debian.mjs), else the run stops saying what to install. */
function requireDebianPackage(binary, pkg, envName) {
  try {
    ensureDebianPackage(binary, pkg, envName);
  } catch (error) {
    console.error(`\nThe tests need ${error.message}`);
    summarize();
    process.exit(1);
  }
}

step('Install', ['install', '--frozen-lockfile']);
step('Typecheck', ['run', 'typecheck']);
// The build `npm start` runs (each package's build config; the tests run the sources): a file the
// typecheck accepts can still break it, and with it `npm start` and the images.
step('Build', ['run', 'build']);
requireDebianPackage('/usr/bin/redis-server', 'redis-server', 'REDIS_SERVER_PATH');
step('Lint', ['run', 'lint']);
// Every package on PGlite; the PostgreSQL server, when there is one, gets its own pass below.
vitest('Tests (PGlite)', 'unit', [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  // With TEST_DATABASE_URL set, platform/vitest.config.ts also collects *.pg.test.ts (replicas sharing one
  // database), which the PGlite pass leaves out rather than skips.
  vitest('Platform tests on PostgreSQL', 'postgres', ['--project', '@meridian/platform']);
} else {
  console.info('\nPlatform tests on PostgreSQL: not run (set TEST_DATABASE_URL to a server; .ci/run does).');
}
// The real product in Chromium (tests/e2e: it builds the console and starts platform and gateway itself),
// then the cluster tests (tests/cluster: each file starts its cluster and serves that console build).
requireDebianPackage('/usr/lib/chromium/chromium', 'chromium', 'CHROMIUM_PATH');
// The cluster tests (tests/cluster) run PostgreSQL, Redis and nginx of their own.
requireDebianPackage('/usr/lib/postgresql', 'postgresql');
requireDebianPackage('/usr/sbin/nginx', 'nginx', 'NGINX_PATH');
vitest('Browser and cluster tests (Chromium, nginx)', 'browser', ['--config', 'vitest.e2e.config.ts'], {}, [
  '--filter',
  '@meridian/tests',
]);
summarize();
