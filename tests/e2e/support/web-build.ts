import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot, webDir } from './paths.js';

/** Runs `node <args>` in `cwd`; rejects with the tail of its output when it fails. */
function run(what: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // vitest sets NODE_ENV=test, which would make Vite build React in development mode: test what ships.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${output}`)),
    );
  });
}

/**
 * `pnpm codegen` (the console's typed documents in web/src/gql are generated, not committed), then
 * `vite build` of the console into `outDir` (not web/dist: the test's config.json must not land in a
 * developer's build). `manifest`: with `.vite/manifest.json`, which names each chunk's imports (the
 * web bench weighs chunks by it).
 */
export async function buildWeb(outDir: string, { manifest = false } = {}): Promise<void> {
  await run('pnpm codegen', [path.join(repoRoot, 'scripts', 'pnpm.mjs'), 'run', 'codegen'], repoRoot);
  const vite = path.join(webDir, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  await run('vite build', manifest ? [...args, '--manifest'] : args, webDir);
}
