// What `npm start` and `npm run start:cluster` share: installing and building, the console's runtime
// config.json, waiting for a URL, and the closing banner with the seeded accounts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runPnpm } from './pnpm.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export function fail(message) {
  console.error(message);
  process.exit(1);
}

export function installAndBuild() {
  if (runPnpm(['install', '--frozen-lockfile'], { cwd: root }) !== 0) fail('Install failed.');
  if (runPnpm(['run', 'build'], { cwd: root }) !== 0) fail('Build failed.');
}

/** The console reads its gateway and sign-in provider from web/dist/config.json at run time. */
export function writeConsoleConfig({ gatewayUrl, issuer, env = process.env }) {
  const consoleConfig = {
    productName: env.PRODUCT_NAME ?? 'Meridian',
    gatewayUrl,
    oidc: { issuer, clientId: env.CONSOLE_CLIENT_ID ?? 'meridian-console' },
  };
  writeFileSync(path.join(root, 'web/dist/config.json'), `${JSON.stringify(consoleConfig, null, 2)}\n`);
}

/** The built console served by `vite preview` on `port`. */
export function consoleCommand(port) {
  return [path.join(root, 'web/node_modules/vite/bin/vite.js'), 'preview', '--port', String(port), '--strictPort'];
}

/** Polls `url` until it answers 2xx; false when `child` exits first or the time is up. */
export async function waitFor(url, child, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) return false;
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

/** The seeded sign-in accounts, a line each (from the platform's build). */
export async function accountLines(env = process.env) {
  if (env.APP_ENV === 'production')
    return `Production seeds no accounts (issue 39): create the first operator with this environment:
  npm run create-operator -- --email <email> --name "<full name>"`;
  const { DEMO_ACCOUNTS } = await import(pathToFileURL(path.join(root, 'platform/dist/seed/demo.js')).href);
  // The local defaults, from their one list (schema/src/secrets.ts).
  const { SECRET_VARIABLES } = await import(pathToFileURL(path.join(root, 'schema/dist/secrets.js')).href);
  const password = env.SEED_PASSWORD || SECRET_VARIABLES.SEED_PASSWORD.localDefault;
  const cliSecret = env.CLI_CLIENT_SECRET || SECRET_VARIABLES.CLI_CLIENT_SECRET.localDefault;
  return `Sign-in accounts (password ${password}):
${DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.demonstrates}`).join('\n')}
  meridian-cli (client credentials, secret ${cliSecret}) acts as Meridian Admin`;
}
