import os from 'node:os';
import autocannon from 'autocannon';
import { FROM_SOURCES, startCluster, type RunningCluster } from '../../scripts/cluster/topology.mjs';
import { formatMs, formatRatio, table, type BenchContext, type BenchSection } from './report.js';
import { treeCpuSeconds } from './process-cpu.js';
import { median } from './statistics.js';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';

/** The read every configuration serves: one organization, one platform call. */
const READ = JSON.stringify({ query: 'query Read { organization(id: "acme-health") { id name status } }' });
const CONNECTIONS = 20;
const SECONDS = 5;
const RUNS = 3;
/** The rolling restart's steady load, well under every configuration's capacity. */
const STEADY_RATE = 100;

interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU seconds each kind of part used over the measured runs (autocannon: this process). */
  cpu: Record<string, number>;
}

/** The cluster's parts by kind, for CPU accounting. */
const partsByKind = (cluster: RunningCluster) => ({
  gateways: cluster.gateways,
  platforms: cluster.platforms,
  nginx: [cluster.nginx],
  postgres: [cluster.postgres],
  redis: [cluster.redis],
});

async function cpuByKind(cluster: RunningCluster): Promise<Record<string, number>> {
  const cpu: Record<string, number> = { autocannon: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 };
  for (const [kind, parts] of Object.entries(partsByKind(cluster))) {
    cpu[kind] = 0;
    for (const part of parts) cpu[kind] += await treeCpuSeconds(part.pid!);
  }
  return cpu;
}

interface Window {
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failed: number;
}

function load(cluster: RunningCluster, token: string, options: { seconds: number; overallRate?: number }) {
  return autocannon({
    url: cluster.urls.gateway,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: READ,
    connections: options.overallRate ? 10 : CONNECTIONS,
    duration: options.seconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
}

/** A cluster as `npm run start:cluster` runs it (from the sources here), rate limit off: it is the load. */
async function withCluster<T>(
  platformReplicas: number,
  gatewayReplicas: number,
  work: (cluster: RunningCluster, token: string) => Promise<T>,
): Promise<T> {
  const cluster = await startCluster({
    platformReplicas,
    gatewayReplicas,
    commands: FROM_SOURCES,
    durable: false,
    env: { APP_ENV: 'testing', NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' },
  });
  try {
    const token = await clientCredentialsToken(cluster.urls.issuer, cluster.cliClient);
    return await work(cluster, token);
  } finally {
    await cluster.close();
  }
}

async function throughput(cluster: RunningCluster, token: string): Promise<Throughput> {
  await load(cluster, token, { seconds: 2 });
  const cpuBefore = await cpuByKind(cluster);
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await load(cluster, token, { seconds: SECONDS });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors in ${result.requests.total}`);
    runs.push(result);
  }
  const cpuAfter = await cpuByKind(cluster);
  const cpu = Object.fromEntries(Object.keys(cpuAfter).map((kind) => [kind, cpuAfter[kind]! - cpuBefore[kind]!]));
  return {
    cpu,
    requestsPerSecond: median(runs.map((result) => result.requests.average)),
    p50Ms: median(runs.map((result) => result.latency.p50)),
    p99Ms: median(runs.map((result) => result.latency.p99)),
  };
}

const windowOf = (result: autocannon.Result): Window => ({
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  failed: result.non2xx + result.errors + result.timeouts,
});

/** The same steady load for as long as a rolling restart of every replica takes, without and then with it. */
async function rollingRestart(cluster: RunningCluster, token: string): Promise<{ steady: Window; rolling: Window }> {
  const replicas = [...cluster.platforms, ...cluster.gateways];
  const started = Date.now();
  const during = load(cluster, token, { seconds: 20, overallRate: STEADY_RATE });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const replica of replicas) {
    await replica.restart();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const rollingSeconds = (Date.now() - started) / 1000;
  if (rollingSeconds > 19) throw new Error(`The rolling restart took ${rollingSeconds} s, longer than its load`);
  const rolling = windowOf(await during);
  const steady = windowOf(await load(cluster, token, { seconds: 20, overallRate: STEADY_RATE }));
  return { steady, rolling };
}

export const clusterSection: BenchSection = {
  id: 'cluster',
  async run(context: BenchContext): Promise<string> {
    const shapes = [
      [1, 1],
      [2, 1],
      [1, 3],
      [2, 3],
    ] as const;
    const figures = new Map<string, Throughput>();
    for (const [platforms, gateways] of shapes) {
      context.log(`cluster: ${platforms} platform, ${gateways} gateway replicas`);
      figures.set(`${platforms}/${gateways}`, await withCluster(platforms, gateways, throughput));
    }
    context.log('cluster: rolling restart under steady load');
    const restart = await withCluster(2, 3, rollingRestart);

    const base = figures.get('1/1')!;
    const rows = shapes.map(([platforms, gateways]) => {
      const figure = figures.get(`${platforms}/${gateways}`)!;
      return [
        `${platforms} platform × ${gateways} gateway`,
        figure.requestsPerSecond.toFixed(0),
        formatRatio(figure.requestsPerSecond / base.requestsPerSecond),
        formatMs(figure.p50Ms),
        formatMs(figure.p99Ms),
      ];
    });
    const kinds = Object.keys(base.cpu);
    const cpuRows = shapes.map(([platforms, gateways]) => {
      const { cpu } = figures.get(`${platforms}/${gateways}`)!;
      const total = Object.values(cpu).reduce((sum, seconds) => sum + seconds, 0);
      const wall = RUNS * SECONDS * os.cpus().length;
      return [
        `${platforms} × ${gateways}`,
        ...kinds.map((kind) => `${Math.round((cpu[kind]! / total) * 100)}%`),
        `${Math.round((total / wall) * 100)}%`,
      ];
    });
    const windowRow = (name: string, window: Window) => [
      name,
      String(window.requests),
      String(window.failed),
      formatMs(window.p50Ms),
      formatMs(window.p99Ms),
    ];
    return `## The cluster

Measured ${context.date} on ${context.machine}. Command: \`${context.command}\`.

The topology of \`npm run start:cluster\` (PostgreSQL and Redis from Debian, replicas as processes from the sources,
\`NODE_ENV=production\`, nginx in front), one cluster per row. autocannon posts \`{ organization(id: "acme-health") { id
name status } }\` through nginx with a client-credentials token, ${CONNECTIONS} connections, median of ${RUNS} runs of
${SECONDS} s after a 2 s warm-up; rate limit off.

${table(['replicas', 'req/s', 'vs 1 × 1', 'p50 (ms)', 'p99 (ms)'], rows)}

This machine has ${os.cpus().length} cores for everything: autocannon, nginx, PostgreSQL, Redis and every replica. More
replicas cannot add cores here, only processes competing for the same ones; the ratios show what the topology costs or
gains on one machine, not what it gains across machines, where each replica has cores of its own. What limits it: the
share of the CPU time each part used during the measured runs, and how busy the cores were (all parts' CPU time over
${RUNS * SECONDS} s × ${os.cpus().length} cores):

${table(['replicas', ...kinds, 'cores busy'], cpuRows)}

Rolling restart of all five replicas (2 platform, 3 gateway), one at a time (SIGTERM, drain, start, 1 s of traffic),
under a steady ${STEADY_RATE} requests a second for 20 s, against the same load without restarts:

${table(['window', 'requests', 'failed', 'p50 (ms)', 'p99 (ms)'], [windowRow('steady', restart.steady), windowRow('rolling restart', restart.rolling)])}
`;
  },
};
