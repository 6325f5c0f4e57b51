// The cluster on one machine, without Docker: PostgreSQL, Redis, platform replicas and gateway replicas,
// with nginx in front of them (deploy/nginx/meridian.conf.template, the file docker-compose.yml uses).
// Each part is a child process that is restarted when it dies unasked, as `restart: unless-stopped` does
// in compose. Used by `npm run start:cluster`, the cluster tests (tests/cluster) and `pnpm bench cluster`.
// Plain JavaScript (it runs before anything is built), typed by its JSDoc: tsc checks it with the tests.
// @ts-check
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackage } from '../debian.mjs';
import { freePort } from '../free-port.mjs';

const root = path.resolve(import.meta.dirname, '../..');
export const NGINX_TEMPLATE = path.join(root, 'deploy/nginx/meridian.conf.template');

/** @typedef {{ platform: string[]; gateway: string[] }} ReplicaCommands */

/**
 * How each replica is started: from the build (`npm run start:cluster`) or from the sources (tests).
 * @type {ReplicaCommands}
 */
export const FROM_BUILD = { platform: ['platform/dist/main.js'], gateway: ['gateway/dist/main.js'] };
/** @type {ReplicaCommands} */
export const FROM_SOURCES = {
  platform: ['--conditions=source', '--import', 'tsx', 'platform/src/main.ts'],
  gateway: ['--conditions=source', '--import', 'tsx', 'gateway/src/main.ts'],
};

/** A random secret (192 bits), URL-safe. */
const randomSecret = () => randomBytes(24).toString('base64url');

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** @param {string} url */
async function httpOk(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Debian's programs the cluster runs: installed with apt-get when missing and allowed, else named. */
export function clusterPrograms() {
  ensureDebianPackage('/usr/bin/redis-server', 'redis-server', 'REDIS_SERVER_PATH');
  ensureDebianPackage('/usr/sbin/nginx', 'nginx', 'NGINX_PATH');
  ensureDebianPackage('/usr/lib/postgresql', 'postgresql');
  const versions = readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name));
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error('/usr/lib/postgresql has no server version: apt-get install postgresql.');
  return {
    postgresBin: path.join('/usr/lib/postgresql', newest, 'bin'),
    redisServer: process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server',
    nginx: process.env.NGINX_PATH || '/usr/sbin/nginx',
  };
}

/**
 * One supervised process. start() resolves when `ready()` says so; stop() sends `stopSignal` and waits
 * for the exit (a graceful stop: the part finishes what is under way); kill() is kill -9. A part that
 * exits unasked is started again after a second, and counted in `restarts`.
 */
/** @typedef {(name: string, text: string) => void} Log */

/**
 * @typedef {object} PartOptions
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {Record<string, string>} [env]
 * @property {string} [cwd]
 * @property {import('node:child_process').SpawnOptions} [spawnOptions]
 * @property {() => Promise<boolean>} ready
 * @property {NodeJS.Signals} [stopSignal]
 * @property {Log} [log]
 */

class Part {
  /** @param {PartOptions} options */
  constructor({ name, command, args, env = {}, cwd = root, spawnOptions = {}, ready, stopSignal = 'SIGTERM', log }) {
    this.name = name;
    this.command = command;
    this.args = args;
    this.env = env;
    this.cwd = cwd;
    this.spawnOptions = spawnOptions;
    this.ready = ready;
    this.stopSignal = stopSignal;
    this.log = log;
    /** @type {import('node:child_process').ChildProcess | null} */
    this.child = null;
    this.wanted = false;
    /** Times it was started again after dying unasked. */
    this.restarts = 0;
    /** The tail of its output. */
    this.output = '';
  }

  get pid() {
    return this.child?.pid;
  }

  /** Resolves once ready(); throws after `timeoutMs`. */
  async start(timeoutMs = 120_000) {
    this.wanted = true;
    this.spawn();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await this.ready()) return;
      await sleep(150);
    }
    throw new Error(`${this.name} did not get ready within ${timeoutMs / 1000} s:\n${this.output}`);
  }

  spawn() {
    const child = spawn(this.command, this.args, {
      cwd: this.cwd,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...this.spawnOptions,
    });
    this.child = child;
    /** @param {Buffer} chunk */
    const keep = (chunk) => {
      this.output = (this.output + chunk.toString()).slice(-6000);
      this.log?.(this.name, chunk.toString());
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      if (this.child !== child || !this.wanted) return;
      // Died unasked (a crash, kill -9): started again, as a supervisor would.
      this.log?.(this.name, `exited (${signal ?? code}); starting it again\n`);
      this.restarts += 1;
      setTimeout(() => this.wanted && this.child === child && this.spawn(), 1000);
    });
  }

  /** @returns {Promise<void>} */
  exited() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Graceful stop (SIGTERM; SIGINT for PostgreSQL, SIGQUIT for nginx); waits for the exit. */
  async stop(signal = this.stopSignal) {
    this.wanted = false;
    this.child?.kill(signal);
    await this.exited();
  }

  /** kill -9, as a crash would: the supervisor then starts it again. */
  kill() {
    this.child?.kill('SIGKILL');
  }

  async restart() {
    await this.stop();
    await this.start();
  }
}

/** @param {string} name */
function userIds(name) {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`No user ${name}: apt-get install postgresql creates it.`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A new PostgreSQL cluster in `dir` (PostgreSQL refuses to run as root: it runs as Debian's postgres user).
 * @param {{ bin: string; dir: string; port: number; log: Log | undefined; durable: boolean }} options
 */
function postgresPart({ bin, dir, port, log, durable }) {
  const dataDir = path.join(dir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const owner = process.getuid?.() === 0 ? userIds('postgres') : undefined;
  if (owner) chownSync(dataDir, owner.uid, owner.gid);
  const initdb = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { encoding: 'utf8', ...owner },
  );
  if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stderr || initdb.stdout}`);
  const settings = ['listen_addresses=127.0.0.1', 'max_connections=200', `unix_socket_directories=${dataDir}`];
  // Tests and benches wipe the cluster afterwards: no need to wait for the disk.
  if (!durable) settings.push('fsync=off', 'synchronous_commit=off', 'full_page_writes=off');
  return new Part({
    name: 'postgres',
    command: path.join(bin, 'postgres'),
    args: ['-D', dataDir, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])],
    spawnOptions: owner ?? {},
    // SIGINT is PostgreSQL's fast shutdown (SIGTERM would wait for every client to disconnect).
    stopSignal: 'SIGINT',
    ready: async () =>
      spawnSync(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'])
        .status === 0,
    log,
  });
}

/**
 * @param {string} bin
 * @param {number} port
 * @param {string} name
 */
function createDatabase(bin, port, name) {
  const result = spawnSync(
    path.join(bin, 'createdb'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name],
    {
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`createdb ${name} failed:\n${result.stderr}`);
}

/** @param {{ redisServer: string; dir: string; port: number; log: Log | undefined }} options */
function redisPart({ redisServer, dir, port, log }) {
  return new Part({
    name: 'redis',
    command: redisServer,
    // State the gateways can rebuild (rate-limit counters): nothing is written to disk.
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    ready: () => portAnswers(port),
    log,
  });
}

/**
 * The template's ${NAME}s filled in from `values`, as the nginx image's envsubst does (only the names
 * given; nginx's own $variables stay).
 * @param {string} template
 * @param {Record<string, string>} values
 * @returns {string}
 */
export function renderNginxTemplate(template, values) {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_whole, /** @type {string} */ name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${NGINX_TEMPLATE} names \${${name}}, which the cluster does not set.`);
    return value;
  });
}

/**
 * Upstream lines for the template. max_fails=0: nginx never marks a replica down; a stopped one refuses
 * the connection at once and the request goes to the next. Marking it down (per nginx worker, for
 * fail_timeout) left no live replica when a second one restarted within that time: 502s.
 * @param {string[]} addresses
 */
const upstreamServers = (addresses) => addresses.map((address) => `server ${address} max_fails=0;`).join('\n    ');

/**
 * @param {object} options
 * @param {string} options.nginx
 * @param {string} options.dir
 * @param {{ gateway: number; platformApi: number; oidc: number }} options.listen
 * @param {{ gateway: string[]; platformApi: string[]; oidc: string[] }} options.servers
 * @param {Log | undefined} options.log
 */
function nginxPart({ nginx, dir, listen, servers, log }) {
  const prefix = path.join(dir, 'nginx');
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  // As root, nginx's workers run as nobody: they need to reach their temporary files.
  chmodSync(path.join(prefix, 'temp'), 0o777);
  const site = renderNginxTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    GATEWAY_LISTEN: `127.0.0.1:${listen.gateway}`,
    PLATFORM_API_LISTEN: `127.0.0.1:${listen.platformApi}`,
    OIDC_LISTEN: `127.0.0.1:${listen.oidc}`,
    GATEWAY_SERVERS: upstreamServers(servers.gateway),
    PLATFORM_API_SERVERS: upstreamServers(servers.platformApi),
    OIDC_SERVERS: upstreamServers(servers.oidc),
  });
  writeFileSync(path.join(prefix, 'meridian.conf'), site);
  // What the nginx image's own nginx.conf provides around conf.d/ (here: no files served, no log files).
  /** @param {string} name */
  const temp = (name) => `${name}_temp_path ${path.join(prefix, 'temp', name)};`;
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 2;',
      'error_log stderr warn;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(prefix, 'meridian.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return new Part({
    name: 'nginx',
    command: nginx,
    args: ['-e', 'stderr', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    // SIGQUIT: graceful (finishes requests under way).
    stopSignal: 'SIGQUIT',
    ready: () => portAnswers(listen.gateway),
    log,
  });
}

/**
 * @typedef {object} ClusterOptions
 * @property {number} [platformReplicas]
 * @property {number} [gatewayReplicas]
 * @property {{ gateway?: number; platformApi?: number; oidc?: number }} [ports]
 * @property {string} [consoleUrl]
 * @property {ReplicaCommands} [commands]
 * @property {Record<string, string>} [env]
 * @property {boolean} [durable]
 * @property {Log} [log]
 */

/** @typedef {Awaited<ReturnType<typeof startCluster>>} RunningCluster */

/**
 * Starts the whole topology and resolves once every part is ready.
 *
 * options: platformReplicas (2), gatewayReplicas (3); ports.{gateway,platformApi,oidc} where nginx
 * listens (free ports when not given); consoleUrl (the console's origin, for redirects and CORS);
 * commands (FROM_BUILD or FROM_SOURCES); env (added to every replica's, e.g. RATE_LIMIT_PER_MINUTE;
 * METRICS_TOKEN and the secrets production needs are generated unless given);
 * durable (PostgreSQL syncs to disk; false for tests); log(name, text) for the parts' output.
 * @param {ClusterOptions} [options]
 */
export async function startCluster(options = {}) {
  const {
    platformReplicas = 2,
    gatewayReplicas = 3,
    commands = FROM_BUILD,
    consoleUrl = 'http://localhost:5173',
    env = {},
    durable = true,
    log,
  } = options;
  const programs = clusterPrograms();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-cluster-'));
  // PostgreSQL (running as the postgres user) must reach its data directory inside.
  chmodSync(dir, 0o711);
  /** @type {Part[]} */
  const parts = [];
  const stopAll = async () => {
    for (const part of [...parts].reverse()) await part.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    /** @param {number | undefined} given */
    const port = async (given) => given ?? (await freePort());
    const listen = {
      gateway: await port(options.ports?.gateway),
      platformApi: await port(options.ports?.platformApi),
      oidc: await port(options.ports?.oidc),
    };
    const urls = {
      gateway: `http://localhost:${listen.gateway}/graphql`,
      platformApi: `http://127.0.0.1:${listen.platformApi}`,
      issuer: `http://localhost:${listen.oidc}`,
    };
    const databaseName = 'meridian';
    const postgresPort = await freePort();
    const postgres = postgresPart({ bin: programs.postgresBin, dir, port: postgresPort, log, durable });
    parts.push(postgres);
    const redisPort = await freePort();
    const redis = redisPart({ redisServer: programs.redisServer, dir, port: redisPort, log });
    parts.push(redis);
    await Promise.all([postgres.start(), redis.start()]);
    createDatabase(programs.postgresBin, postgresPort, databaseName);
    const databaseUrl = `postgres://postgres@127.0.0.1:${postgresPort}/${databaseName}`;
    const redisUrl = `redis://127.0.0.1:${redisPort}`;

    // Shared by every replica: the provider's cookies signed by one are read by another.
    const cookieKeys = [randomSecret(), randomSecret()].join(',');
    const production = env.APP_ENV === 'production';
    // Secrets of this cluster's own (issue 39 §2): the metrics token every replica's /metrics wants, the
    // app keys' sealing key, and in production (which refuses the published one) the tools' client secret.
    const secrets = {
      METRICS_TOKEN: env.METRICS_TOKEN ?? randomSecret(),
      MFA_ENCRYPTION_KEYS: env.MFA_ENCRYPTION_KEYS ?? randomSecret(),
      ...(production ? { CLI_CLIENT_SECRET: env.CLI_CLIENT_SECRET ?? randomSecret() } : {}),
    };
    const common = { PRODUCT_NAME: 'Meridian', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ...env, ...secrets };
    /**
     * A platform or gateway replica: Node running `args`, with the environment every replica shares.
     * @param {string} name
     * @param {string[]} args
     * @param {Record<string, string>} own
     * @param {() => Promise<boolean>} ready
     */
    const replica = (name, args, own, ready) =>
      // REPLICA_NAME: the replica in its traces' resource (service.instance.id).
      new Part({ name, command: process.execPath, args, env: { ...common, REPLICA_NAME: name, ...own }, ready, log });
    const platforms = [];
    for (let index = 1; index <= platformReplicas; index++) {
      const restPort = await freePort();
      const oidcPort = await freePort();
      const platformPart = replica(
        `platform-${index}`,
        commands.platform,
        {
          PLATFORM_HOST: '127.0.0.1',
          PLATFORM_PORT: String(restPort),
          OIDC_PORT: String(oidcPort),
          OIDC_ISSUER: urls.issuer,
          GATEWAY_AUDIENCE: urls.gateway,
          CONSOLE_URL: consoleUrl,
          // Published on the gateways' public address (the REST API itself is private).
          SCIM_BASE_URL: urls.gateway.replace(/\/graphql$/, '/scim/v2'),
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(dir, `platform-${index}`),
          OIDC_COOKIE_KEYS: cookieKeys,
        },
        async () =>
          (await httpOk(`http://127.0.0.1:${restPort}/healthz`)) &&
          (await httpOk(`http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`)),
      );
      platforms.push(
        Object.assign(platformPart, {
          restUrl: `http://127.0.0.1:${restPort}`,
          oidcUrl: `http://127.0.0.1:${oidcPort}`,
        }),
      );
    }
    const gateways = [];
    for (let index = 1; index <= gatewayReplicas; index++) {
      const gatewayPort = await freePort();
      const gatewayPart = replica(
        `gateway-${index}`,
        commands.gateway,
        {
          GATEWAY_HOST: '127.0.0.1',
          GATEWAY_PORT: String(gatewayPort),
          PLATFORM_API_URL: urls.platformApi,
          OIDC_ISSUER: urls.issuer,
          GATEWAY_AUDIENCE: urls.gateway,
          CORS_ORIGINS: consoleUrl,
          CONSOLE_URL: consoleUrl,
          REDIS_URL: redisUrl,
        },
        () => httpOk(`http://127.0.0.1:${gatewayPort}/readyz`),
      );
      gateways.push(Object.assign(gatewayPart, { origin: `http://127.0.0.1:${gatewayPort}` }));
    }
    const nginx = nginxPart({
      nginx: programs.nginx,
      dir,
      listen,
      servers: {
        gateway: gateways.map((part) => part.origin.replace('http://', '')),
        platformApi: platforms.map((part) => part.restUrl.replace('http://', '')),
        oidc: platforms.map((part) => part.oidcUrl.replace('http://', '')),
      },
      log,
    });
    parts.push(...platforms);
    // Replicas start together on the new database: migrations and the seed run once, under a lock.
    await Promise.all(platforms.map((part) => part.start()));
    parts.push(nginx);
    await nginx.start();
    // The gateways read the provider's keys through nginx once ready.
    parts.push(...gateways);
    await Promise.all(gateways.map((part) => part.start()));
    return {
      urls,
      databaseUrl,
      redisUrl,
      postgres,
      redis,
      nginx,
      platforms,
      gateways,
      cliClient: {
        id: env.CLI_CLIENT_ID ?? 'meridian-cli',
        secret: common.CLI_CLIENT_SECRET ?? 'meridian-cli-local-secret',
      },
      /** The bearer token each replica's /metrics wants (METRICS_TOKEN). */
      metricsToken: secrets.METRICS_TOKEN,
      /** Every secret the platform replicas run with, for a tool run against this cluster (create-operator). */
      platformSecrets: { ...secrets, OIDC_COOKIE_KEYS: cookieKeys },
      seedPassword: env.SEED_PASSWORD ?? 'meridian-local-1',
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
