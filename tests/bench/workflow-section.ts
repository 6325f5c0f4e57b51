import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSeconds, table, type BenchContext, type BenchSection } from './report.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command to completion in `cwd`; answers its wall-clock seconds. */
function timedCommand(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})`);
  return (performance.now() - started) / 1000;
}

/** `npm start` until it prints that it is running; stops it with Ctrl-C (SIGINT) and waits for the exit. */
async function timedStart(cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const ready = await new Promise<boolean>((resolve) => {
    const timeout = setTimeout(() => resolve(false), 300_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running')) {
        clearTimeout(timeout);
        resolve(true);
      }
    });
    child.on('exit', () => resolve(false));
  });
  const seconds = (performance.now() - started) / 1000;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  if (!ready) throw new Error('npm start did not get ready');
  return seconds;
}

/**
 * The developer's loop on this machine, from a fresh clone of HEAD: install with an empty package store,
 * first `npm start` (build, seed, ready), a second start on the same data, and `npm test`.
 */
export const workflowSection: BenchSection = {
  id: 'workflow',
  async run(context: BenchContext): Promise<string> {
    const work = mkdtempSync(path.join(tmpdir(), 'meridian-workflow-'));
    const clone = path.join(work, 'clone');
    try {
      spawnSync('git', ['clone', '-q', repoRoot, clone]);
      const env = { PLATFORM_PORT: '24010', OIDC_PORT: '24011' };
      context.log('workflow: install into an empty store');
      // pnpm takes the store from its flag (an npm_config_ variable is not enough): every package is downloaded.
      const install = timedCommand(
        clone,
        'node',
        ['scripts/pnpm.mjs', 'install', '--frozen-lockfile', '--store-dir', path.join(work, 'store')],
        env,
      );
      context.log('workflow: first start');
      const firstStart = await timedStart(clone, env);
      context.log('workflow: second start');
      const secondStart = await timedStart(clone, env);
      context.log('workflow: npm test (PGlite only)');
      const test = timedCommand(clone, 'npm', ['test'], { ...env, TEST_DATABASE_URL: '' });
      const rows = [
        [
          'install (`pnpm install --frozen-lockfile` into an empty package store: every package downloaded)',
          formatSeconds(install),
        ],
        [
          'first `npm start`: install check, build, migrations, seed, both servers answering',
          formatSeconds(firstStart),
        ],
        ['second `npm start` on the same `.data/`', formatSeconds(secondStart)],
        [
          '`npm test`: install check, typecheck, build, lint, every test on PGlite (CI adds the PostgreSQL pass)',
          formatSeconds(test),
        ],
      ];
      return [
        '## Developer workflow',
        '',
        `Measured ${context.date} on ${context.machine}, from a fresh clone of HEAD. One run each: these are`,
        'wall-clock seconds of whole commands, so read them as orders of magnitude.',
        '',
        `Command: \`${context.command}\``,
        '',
        table(['step', 'seconds'], rows),
      ].join('\n');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
