// Programs from Debian that the tests and the local cluster run (Chromium, PostgreSQL, Redis, nginx):
// installed with apt-get when missing and allowed (root, as CI runs), else named, so that the person
// reading the error knows exactly what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Makes sure `binary` exists (or the path in env[envName] when set), installing `pkg` if it can.
 * Returns the path, or throws an Error that says what to install.
 */
export function ensureDebianPackage(binary, pkg, envName) {
  const path = (envName && process.env[envName]) || binary;
  if (existsSync(path)) return path;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
  if (canInstall) {
    console.info(`\n=== Installing ${pkg} (apt-get)`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: apt-get install ${pkg}${envName ? `, or set ${envName}` : ''}.`);
  }
  return path;
}
