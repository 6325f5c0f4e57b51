import os from 'node:os';
import { loadConfig, startPlatform, type RunningPlatform } from '@meridian/platform';
import { measureOnEachDatabase, type BenchDatabase } from './databases.js';
import { GATEWAY_COMMAND, buildGateway, startBuiltGateway, type MeasuredGatewayProcess } from './gateway-process.js';
import { DEFAULT_LOAD, type LoadSettings } from './load.js';
import { formatCount, formatMs, formatRatio, table, type BenchContext, type BenchSection } from './report.js';
import { loadSideBySide, type BenchRequest, type RequestLoadFigures } from './request-load.js';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';

/** A GraphQL query through the gateway and the REST call that answers the same question directly. */
interface Comparison {
  label: string;
  /** Named: the gateway's metrics and logs label requests by operation name. */
  graphql: string;
  restPath: string;
  /** Each concurrency the pair is loaded at. */
  connections: number[];
}

const ORGANIZATION: Comparison = {
  label: 'one organization with license usage (acme-health)',
  graphql:
    'query BenchOrganization { organization(id: "acme-health") { id name status licenses { userLimit activeUsers } } }',
  restPath: '/organization/acme-health?include=licenses_used',
  connections: [1, 10],
};

const USERS: Comparison = {
  label: 'first 50 of 100,000 users (scale-health)',
  graphql:
    'query BenchUsers { users(organizationId: "scale-health", limit: 50) { rows { email name role active tableauLicense } pageInfo { total } } }',
  restPath: '/user?organizationId=scale-health&limit=50',
  // One connection answers issue 8's "first page under 30 ms median"; 50, its throughput target.
  connections: [1, 50],
};

const ORGANIZATIONS: Comparison = {
  label: 'first 50 organizations with license usage',
  graphql:
    'query BenchOrganizations { organizations(limit: 50) { rows { id name status licenses { userLimit activeUsers } } pageInfo { total } } }',
  restPath: '/organization?limit=50&include=licenses_used',
  connections: [10],
};

const SEARCH: Comparison = {
  label: 'search "mar" among 100,000 users, first 50',
  graphql:
    'query BenchUserSearch { users(organizationId: "scale-health", search: "mar", limit: 50) { rows { email name role active tableauLicense } pageInfo { total } } }',
  restPath: '/user?organizationId=scale-health&search=mar&limit=50',
  connections: [1, 10],
};

/** In the order they are loaded: the gateway's memory is read right after USERS at 50 connections. */
const COMPARISONS = [ORGANIZATION, USERS, ORGANIZATIONS, SEARCH];

interface PairFigures {
  comparison: Comparison;
  connections: number;
  rest: RequestLoadFigures;
  gateway: RequestLoadFigures;
  /** The gateway process's CPU time per GraphQL request it served (warm-up included). */
  gatewayCpuMsPerRequest: number;
}

interface GatewayFigures {
  database: BenchDatabase;
  pairs: PairFigures[];
  /** Platform REST calls the gateway made for one request of each query. */
  restCallsPerQuery: Map<Comparison, number>;
  memory: { idleRssBytes: number; afterUsersRssBytes: number; peakRssBytes: number };
  /** The machine's 1-minute load average when the loads began and ended: other work on it shows here. */
  loadAverage: { before: number; after: number };
}

function restRequest(platform: RunningPlatform, comparison: Comparison, token: string): BenchRequest {
  return {
    url: `${platform.restUrl}${comparison.restPath}`,
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  };
}

function graphqlRequest(gateway: MeasuredGatewayProcess, comparison: Comparison, token: string): BenchRequest {
  return {
    url: `${gateway.origin}/graphql`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: comparison.graphql }),
  };
}

/**
 * One request before the load. GraphQL answers 200 with `errors` when a resolver fails, which autocannon
 * would count as success: the answer must be 200 without errors, with data.
 */
async function probe(request: BenchRequest): Promise<void> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${request.method} ${request.url} answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as { errors?: unknown; data?: Record<string, unknown> | null };
  if (request.method === 'POST' && (body.errors || !body.data || Object.values(body.data).includes(null))) {
    throw new Error(`${request.body} answered ${text.slice(0, 500)}`);
  }
}

/** A counter of the gateway's /metrics summed over its labels. */
async function counterTotal(gateway: MeasuredGatewayProcess, name: string): Promise<number> {
  const response = await fetch(`${gateway.origin}/metrics`);
  if (!response.ok) throw new Error(`${gateway.origin}/metrics answered ${response.status}`);
  let total = 0;
  for (const line of (await response.text()).split('\n')) {
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) total += Number(line.split(' ').at(-1));
  }
  return total;
}

/** REST calls one request of `request` makes, counted by the gateway itself (after a probe: caches warm). */
async function restCallsOf(gateway: MeasuredGatewayProcess, request: BenchRequest): Promise<number> {
  const before = await counterTotal(gateway, 'gateway_upstream_calls_total');
  await probe(request);
  return (await counterTotal(gateway, 'gateway_upstream_calls_total')) - before;
}

/**
 * Runs `work`; answers its result and the gateway's CPU milliseconds per GraphQL request served
 * meanwhile: unlike latency, barely moved by other work on the machine.
 */
async function withGatewayCpu<T>(
  gateway: MeasuredGatewayProcess,
  work: () => Promise<T>,
): Promise<{ result: T; cpuMsPerRequest: number }> {
  const requestsBefore = await counterTotal(gateway, 'gateway_graphql_requests_total');
  const cpuBefore = await gateway.cpuSeconds();
  const result = await work();
  const cpuSeconds = (await gateway.cpuSeconds()) - cpuBefore;
  const requests = (await counterTotal(gateway, 'gateway_graphql_requests_total')) - requestsBefore;
  return { result, cpuMsPerRequest: (cpuSeconds * 1000) / requests };
}

async function measureOn(
  database: BenchDatabase,
  load: LoadSettings,
  log: (message: string) => void,
): Promise<GatewayFigures> {
  const config = loadConfig({
    APP_ENV: 'testing',
    LOG_LEVEL: 'silent',
    PLATFORM_PORT: '0',
    OIDC_PORT: '0',
    ...database.env,
  });
  log(`${database.label}: starting the platform (migrations and seed, 100,000 users included)…`);
  const platform = await startPlatform(config, { seedScale: true, logger: false });
  let gateway: MeasuredGatewayProcess | undefined;
  try {
    gateway = await startBuiltGateway({
      APP_ENV: 'production',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      PLATFORM_API_URL: platform.restUrl,
      OIDC_ISSUER: platform.issuer,
      GATEWAY_AUDIENCE: platform.config.audience,
    });
    const token = await clientCredentialsToken(platform.issuer, {
      id: config.cliClientId,
      secret: config.cliClientSecret,
    });
    const restCallsPerQuery = new Map<Comparison, number>();
    for (const comparison of COMPARISONS) {
      await probe(restRequest(platform, comparison, token));
      await probe(graphqlRequest(gateway, comparison, token));
      restCallsPerQuery.set(comparison, await restCallsOf(gateway, graphqlRequest(gateway, comparison, token)));
    }
    const idleRssBytes = (await gateway.memory()).rssBytes;
    const loadBefore = os.loadavg()[0]!;
    let afterUsersRssBytes = 0;
    const pairs: PairFigures[] = [];
    for (const comparison of COMPARISONS) {
      for (const connections of comparison.connections) {
        log(`${database.label}: ${comparison.label}, ${connections} connection(s), REST and gateway in turn…`);
        const requests = [
          restRequest(platform, comparison, token),
          graphqlRequest(gateway, comparison, token),
        ] as const;
        const { result, cpuMsPerRequest } = await withGatewayCpu(gateway, () =>
          loadSideBySide(requests, { ...load, connections }),
        );
        const [rest, viaGateway] = result;
        pairs.push({ comparison, connections, rest, gateway: viaGateway, gatewayCpuMsPerRequest: cpuMsPerRequest });
      }
      if (comparison === USERS) afterUsersRssBytes = (await gateway.memory()).rssBytes;
    }
    const { peakRssBytes } = await gateway.memory();
    return {
      database,
      pairs,
      restCallsPerQuery,
      memory: { idleRssBytes, afterUsersRssBytes, peakRssBytes },
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
    };
  } finally {
    await gateway?.close();
    await platform.close();
  }
}

const formatMeanMs = (ms: number) => ms.toFixed(2);
const formatPercent = (ratio: number) => `${Math.round(ratio * 100)} %`;
const formatMiB = (bytes: number) => `${Math.round(bytes / 1024 ** 2)}`;

function renderFigures(figures: GatewayFigures): string {
  const loadTable = table(
    [
      'query (GraphQL through the gateway vs. REST direct)',
      'connections',
      'median ms REST → gateway',
      'p99 ms REST → gateway',
      'mean ms REST → gateway',
      'added mean latency (ms)',
      'mean latency gateway / REST',
      'req/s REST → gateway',
      'gateway req/s as % of REST',
      'bytes per answer REST → gateway',
      'gateway CPU per request (ms)',
    ],
    figures.pairs.map(({ comparison, connections, rest, gateway, gatewayCpuMsPerRequest: cpuMs }) => [
      `${comparison.label}<br>\`${comparison.graphql.replace(/^query \w+ /, '')}\`<br>\`GET ${comparison.restPath}\``,
      String(connections),
      `${formatMs(rest.latencyMs)} → ${formatMs(gateway.latencyMs)}`,
      `${formatMs(rest.p99Ms)} → ${formatMs(gateway.p99Ms)}`,
      `${formatMeanMs(rest.meanLatencyMs)} → ${formatMeanMs(gateway.meanLatencyMs)}`,
      formatMeanMs(gateway.meanLatencyMs - rest.meanLatencyMs),
      formatRatio(gateway.meanLatencyMs / rest.meanLatencyMs),
      `${formatCount(rest.requestsPerSecond)} → ${formatCount(gateway.requestsPerSecond)}`,
      formatPercent(gateway.requestsPerSecond / rest.requestsPerSecond),
      `${formatCount(rest.answerBytes)} → ${formatCount(gateway.answerBytes)}`,
      formatMeanMs(cpuMs),
    ]),
  );
  const callsTable = table(
    ['GraphQL query', 'platform REST calls per request'],
    COMPARISONS.map((comparison) => [
      `\`${comparison.graphql.replace(/^query \w+ /, '')}\``,
      String(figures.restCallsPerQuery.get(comparison)),
    ]),
  );
  const memoryTable = table(
    ['gateway process', 'RSS (MiB)'],
    [
      ['started and ready, after one request of each query', formatMiB(figures.memory.idleRssBytes)],
      [
        `right after ${USERS.connections.join(', ')} connections on the users query`,
        formatMiB(figures.memory.afterUsersRssBytes),
      ],
      ['peak over the whole run (VmHWM)', formatMiB(figures.memory.peakRssBytes)],
    ],
  );
  return [
    `### ${figures.database.label}`,
    `Command: \`${figures.database.command}\``,
    `Machine load average (1 min) when the loads began and ended: ${figures.loadAverage.before.toFixed(1)} and ${figures.loadAverage.after.toFixed(1)} (${os.cpus().length} CPUs; the bench’s own autocannon, platform, gateway and database count in it).`,
    loadTable,
    callsTable,
    memoryTable,
  ].join('\n\n');
}

/**
 * The gateway against direct REST, side by side in one run against one platform: the latency the
 * gateway adds, the throughput it keeps, the REST calls each query costs, and the gateway's memory.
 */
export const gatewaySection: BenchSection = {
  id: 'gateway',
  async run(context: BenchContext) {
    const load = DEFAULT_LOAD;
    context.log('building the gateway as production does (tsc -b gateway/tsconfig.build.json)…');
    buildGateway();
    const rendered = await measureOnEachDatabase(context.command, async (database) =>
      renderFigures(await measureOn(database, load, context.log)),
    );
    return [
      '## GraphQL gateway',
      `Measured ${context.date} on ${context.machine}.`,
      [
        'The platform started in process (`startPlatform` with the 100,000-user organization); the gateway in its own process,',
        `as production runs it (deploy/gateway.Dockerfile, \`npm start\`): compiled first with \`tsc -b gateway/tsconfig.build.json\`, then \`${GATEWAY_COMMAND}\``,
        '(no flags; `NODE_ENV=production`, `LOG_LEVEL=silent`, `RATE_LIMIT_PER_MINUTE=0` so that the load is not refused), pointed at that platform.',
        'Both sides get the same client-credentials token (Meridian Admin) and the same load from autocannon in a worker thread,',
        `taking turns: a ${load.warmupSeconds} s warm-up of each, then ${load.runs} runs of ${load.durationSeconds} s of each, alternating; each figure is the median of the runs.`,
        'autocannon, the platform and the gateway share the machine, so the gateway also takes CPU from the platform it calls.',
        'autocannon truncates latencies to whole milliseconds, so the median and p99 are whole numbers; the mean',
        '(connections / req/s, Little’s law) keeps the fractions and gives the added latency.',
        'REST answers whole records; GraphQL answers only the fields selected (bytes per answer, headers included).',
        'Gateway CPU per request: the gateway process’s user and system CPU time (/proc) over the GraphQL requests its /metrics',
        'counted meanwhile; it moves far less with other work on the machine than latency does.',
      ].join('\n'),
      ...rendered,
    ].join('\n\n');
  },
};
