#!/usr/bin/env node
// `npm run start:cluster`: the product as it runs on several machines, on this one and without Docker:
// PostgreSQL, Redis, two platform replicas, three gateway replicas and nginx in front of them
// (scripts/cluster/topology.mjs), plus the console. Installs Debian's postgresql, redis-server and nginx
// when missing (as root), else says what to install. The cluster's database is new at each start and
// removed on Ctrl-C: `npm start` is the one that keeps its data.
import { spawn } from 'node:child_process';
import { FROM_BUILD, startCluster } from './cluster/topology.mjs';
import { accountLines, consoleCommand, fail, installAndBuild, root, waitFor, writeConsoleConfig } from './product.mjs';
import { ensureRuntime } from './runtime.mjs';

await ensureRuntime();

const env = process.env;
const number = (value, fallback) => (value ? Number(value) : fallback);
const ports = {
  gateway: number(env.GATEWAY_PORT, 4000),
  platformApi: number(env.PLATFORM_PORT, 4010),
  oidc: number(env.OIDC_PORT, 4011),
};
const webPort = number(env.WEB_PORT, 5173);
const consoleUrl = `http://localhost:${webPort}`;
const platformReplicas = number(env.PLATFORM_REPLICAS, 2);
const gatewayReplicas = number(env.GATEWAY_REPLICAS, 3);

installAndBuild();

console.info(
  `\nStarting PostgreSQL, Redis, ${platformReplicas} platform and ${gatewayReplicas} gateway replicas, nginx…`,
);
let cluster;
try {
  cluster = await startCluster({
    platformReplicas,
    gatewayReplicas,
    ports,
    consoleUrl,
    commands: FROM_BUILD,
    env: { APP_ENV: env.APP_ENV ?? 'local', LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    log: (name, text) => process.stdout.write(text.replace(/^(?=.)/gm, `[${name}] `)),
  });
} catch (error) {
  fail(`The cluster did not start: ${error.message}`);
}

writeConsoleConfig({ gatewayUrl: cluster.urls.gateway, issuer: cluster.urls.issuer });
const web = spawn(process.execPath, consoleCommand(webPort), { cwd: `${root}/web`, stdio: 'inherit' });

let stopping = false;
async function stop() {
  if (stopping) process.exit(130);
  stopping = true;
  console.info('\nStopping the cluster…');
  web.kill('SIGTERM');
  await cluster.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
web.on('exit', () => stopping || (console.error('The console exited; stopping the cluster.'), stop()));
if (!(await waitFor(`${consoleUrl}/config.json`, web))) {
  await cluster.close();
  fail(`The console did not answer at ${consoleUrl}.`);
}

const replicaLines = [
  ...cluster.platforms.map((part) => `  ${part.name.padEnd(12)} REST ${part.restUrl}   provider ${part.oidcUrl}`),
  ...cluster.gateways.map((part) => `  ${part.name.padEnd(12)} ${part.origin}/graphql   (/readyz, /metrics)`),
].join('\n');
const clusterEnv = { ...env, CLI_CLIENT_SECRET: cluster.cliClient.secret };
// Production seeds no accounts: the first operator's command, with this cluster's database and secrets.
const toolEnv = Object.entries({
  APP_ENV: 'production',
  DATABASE_URL: cluster.databaseUrl,
  CONSOLE_URL: consoleUrl,
  ...cluster.platformSecrets,
}).map(([name, value]) => `${name}=${value}`);
const accounts =
  env.APP_ENV === 'production'
    ? `Production seeds no accounts. Create the first operator:\n  ${toolEnv.join(' ')} \\\n    npm run create-operator -- --email <email> --name "<full name>"`
    : await accountLines(clusterEnv);
console.info(`
Meridian is running as a cluster. Ctrl-C stops every part; the database goes with it.

  Console             ${consoleUrl}
  GraphQL gateway     ${cluster.urls.gateway}   (nginx → ${gatewayReplicas} gateways)
  Platform REST API   ${cluster.urls.platformApi}   (nginx → ${platformReplicas} platforms)
  OpenID issuer       ${cluster.urls.issuer}   (nginx → ${platformReplicas} platforms)
  PostgreSQL          ${cluster.databaseUrl}
  Redis               ${cluster.redisUrl}

Replicas (a crashed one is started again):
${replicaLines}
  /metrics of each wants   Authorization: Bearer ${cluster.metricsToken}

${accounts}
`);
