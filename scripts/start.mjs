#!/usr/bin/env node
// `npm start`: installs, builds and starts the whole product on its embedded defaults (PGlite under
// .data/), waits until each part answers, prints the URLs and the seeded sign-in accounts, and stops
// every part cleanly on Ctrl-C. Data and sessions stay in .data/ for the next start.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { accountLines, consoleCommand, fail, installAndBuild, root, waitFor, writeConsoleConfig } from './product.mjs';
import { ensureRuntime } from './runtime.mjs';

await ensureRuntime();

// One port overridden moves every URL that names it, so the parts keep finding each other.
const env = { ...process.env };
env.OIDC_ISSUER ??= `http://localhost:${env.OIDC_PORT ?? 4011}`;
env.PLATFORM_API_URL ??= `http://localhost:${env.PLATFORM_PORT ?? 4010}`;
env.GATEWAY_AUDIENCE ??= `http://localhost:${env.GATEWAY_PORT ?? 4000}/graphql`;
env.CONSOLE_URL ??= `http://localhost:${env.WEB_PORT ?? 5173}`;
env.CORS_ORIGINS ??= env.CONSOLE_URL;
const platformUrl = env.PLATFORM_API_URL;
const issuer = env.OIDC_ISSUER;

/** The parts of the product, each started when it has been built. */
const services = [
  {
    name: 'platform',
    entry: 'platform/dist/main.js',
    args: process.argv.slice(2), // e.g. --seed-scale
    ready: [`${platformUrl}/healthz`, `${issuer}/.well-known/openid-configuration`],
  },
  {
    // The console: the built app served with its runtime config.json (written below from the same URLs).
    name: 'console',
    entry: 'web/dist/index.html',
    command: consoleCommand(env.WEB_PORT ?? 5173),
    cwd: path.join(root, 'web'),
    ready: [`${env.CONSOLE_URL}/config.json`],
  },
  {
    name: 'gateway',
    entry: 'gateway/dist/main.js',
    args: [],
    // Ready = the platform answers and the provider's keys can be fetched.
    ready: [`http://localhost:${env.GATEWAY_PORT ?? 4000}/readyz`],
  },
];

installAndBuild();
if (existsSync(path.join(root, 'web/dist'))) {
  writeConsoleConfig({ gatewayUrl: env.GATEWAY_AUDIENCE, issuer: env.OIDC_ISSUER, env });
}

const children = [];
let stopping = false;

function stopAll(signal = 'SIGTERM') {
  if (stopping) {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  }
  stopping = true;
  console.info('\nStopping…');
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGTERM'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

const started = [];
for (const service of services) {
  if (!existsSync(path.join(root, service.entry))) continue;
  const args = service.command ?? [path.join(root, service.entry), ...service.args];
  const child = spawn(process.execPath, args, {
    cwd: service.cwd ?? root,
    stdio: 'inherit',
    env,
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${service.name} exited (${signal ?? code}); stopping the rest.`);
      stopAll();
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(stopping ? 0 : 1);
  });
  for (const url of service.ready) {
    if (!(await waitFor(url, child))) {
      stopAll();
      fail(`${service.name} did not answer at ${url}.`);
    }
  }
  started.push(service.name);
}

console.info(`
Meridian is running (${started.join(', ')}). Ctrl-C stops it; data stays in .data/ (npm run reset wipes it).

${started.includes('console') ? `  Console             ${env.CONSOLE_URL}\n` : ''}  Platform REST API   ${platformUrl}   (OpenAPI: ${platformUrl}/openapi.json)
  OpenID issuer       ${issuer}
${started.includes('gateway') ? `  GraphQL gateway     http://localhost:${env.GATEWAY_PORT ?? 4000}/graphql\n` : ''}
${await accountLines(env)}
`);
