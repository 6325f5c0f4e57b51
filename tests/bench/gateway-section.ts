import os from 'node:os';
import { loadConfig, startPlatform, type RunningPlatform } from '@meridian/platform';
import { measureOnEachDatabase, type BenchDatabase } from './databases.js';
import { renderFigures, type ComparisonFigures, type GatewayFigures, type OwnWorkFigures } from './gateway-figures.js';
import {
  BENCH_METRICS_TOKEN,
  GATEWAY_COMMAND,
  NO_RATE_LIMIT,
  benchGatewayEnv,
  buildGateway,
  startBuiltGateway,
  type MeasuredGatewayProcess,
} from './gateway-process.js';
import { COMPARISONS, FLOOR_QUESTION, USERS, type Comparison } from './gateway-queries.js';
import { DEFAULT_LOAD, type LoadSettings } from './load.js';
import { PEER_COMMAND, installPeer, startPeerGateway, type PeerGatewayProcess } from './peer-gateway.js';
import { cpuSecondsOf, memoryOf } from './process-cpu.js';
import type { BenchContext, BenchSection } from './report.js';
import { startReplayPlatform } from './replay-platform.js';
import { loadWithCpu } from './load-with-cpu.js';
import type { BenchRequest } from './request-load.js';
import { measureSessionCheck, renderSessionCheck, type SessionCheckFigures } from './session-check.js';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';
import { startGatewayProcess } from '../e2e/support/gateway-process.js';
import { freePort } from '@meridian/platform/test-support';

/** The floor proxy's script, from the repository root (where startGatewayProcess runs node). */
const FLOOR_SCRIPT = 'tests/bench/floor/proxy.mjs';

/** What the bench reads of a GraphQL server's process: our gateway's or the peer's. */
type MeasuredProcess = Pick<PeerGatewayProcess, 'origin' | 'cpuSeconds' | 'memory'>;

function restRequest(platform: RunningPlatform, comparison: Comparison, token: string): BenchRequest {
  return {
    url: `${platform.restUrl}${comparison.restPath}`,
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  };
}

function graphqlRequest(server: MeasuredProcess, query: string, token: string): BenchRequest {
  return {
    url: `${server.origin}/graphql`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  };
}

/** The floor proxy (floor/proxy.mjs) in its own process, as the gateway runs, in front of `platformUrl`. */
async function startFloorProxy(platformUrl: string): Promise<MeasuredGatewayProcess> {
  const floor = await startGatewayProcess(await freePort(), { NODE_ENV: 'production', PLATFORM_API_URL: platformUrl }, [
    FLOOR_SCRIPT,
  ]);
  return { ...floor, memory: () => memoryOf(floor.pid), cpuSeconds: () => cpuSecondsOf(floor.pid) };
}

function floorRequest(floor: MeasuredProcess, comparison: Comparison, token: string): BenchRequest {
  return { ...graphqlRequest(floor, '', token), body: JSON.stringify({ path: comparison.restPath }) };
}

/**
 * What is wrong with the answer to one request before the load, if anything. GraphQL answers 200 with
 * `errors` when a resolver fails, which autocannon would count as success: the answer must be 200 without
 * errors, each root field an object with fields (the peer answers `{}` when its union resolves to an
 * error body that the inline fragment does not select).
 */
async function problemWith(request: BenchRequest): Promise<string | undefined> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await response.text();
  if (response.status !== 200) return `answered ${response.status}: ${text.slice(0, 500)}`;
  const body = JSON.parse(text) as { errors?: unknown; data?: Record<string, unknown> | null };
  const answered = (value: unknown) => typeof value === 'object' && value !== null && Object.keys(value).length > 0;
  if (request.method === 'POST' && (body.errors || !body.data || !Object.values(body.data).every(answered))) {
    return `answered ${text.slice(0, 500)}`;
  }
  return undefined;
}

/** One request before the load; throws when its answer is not one the load may repeat. */
async function probe(request: BenchRequest): Promise<void> {
  const problem = await problemWith(request);
  if (problem) throw new Error(`${request.method} ${request.url} ${request.body ?? ''} ${problem}`);
}

/** A counter of the gateway's /metrics summed over its labels. */
async function counterTotal(gateway: MeasuredGatewayProcess, name: string): Promise<number> {
  const response = await fetch(`${gateway.origin}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
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

/** The peer started on the platform at `platformUrl`, or why it could not be: the bench measures our gateway either way. */
async function startPeer(platformUrl: string, log: (message: string) => void): Promise<PeerGatewayProcess | string> {
  try {
    installPeer(log);
    log('composing the platform’s /openapi.json with GraphQL Mesh and starting Hive Gateway…');
    return await startPeerGateway(platformUrl);
  } catch (error) {
    log(`the peer gateway did not start: ${String(error)}`);
    return `did not start: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The questions the peer answers as the bench needs; the others, with its answer, in `notMeasured`. */
async function probePeer(
  peer: PeerGatewayProcess,
  token: string,
  notMeasured: Map<Comparison, string>,
  log: (message: string) => void,
): Promise<void> {
  for (const comparison of COMPARISONS) {
    const problem = await problemWith(graphqlRequest(peer, comparison.peerGraphql, token));
    if (problem === undefined) continue;
    log(`the peer cannot answer ${comparison.label} as the bench needs, not loaded: it ${problem.slice(0, 300)}`);
    notMeasured.set(comparison, problem);
  }
}

/** The servers loaded beside REST: our gateway always, the peer and the floor when they answer the question. */
type Servers = 'gateway' | 'peer' | 'floor';

/**
 * Loads REST and each server given in turn. CPU per request: each server process's CPU time over the
 * whole load, divided by the answers it gave; it is idle while the others are loaded, and this figure
 * moves far less with other work on the machine than latency does.
 */
async function loadSideBySideWithRest(
  rest: BenchRequest,
  servers: { gateway: [BenchRequest, MeasuredProcess] } & Partial<Record<Servers, [BenchRequest, MeasuredProcess]>>,
  settings: LoadSettings,
): Promise<Pick<ComparisonFigures, 'rest' | Servers>> {
  const loaded = Object.entries(servers) as [Servers, [BenchRequest, MeasuredProcess]][];
  const [restFigures, ...figures] = await loadWithCpu(
    [[rest, undefined], ...loaded.map(([, server]) => server)],
    settings,
  );
  const result = { rest: restFigures!.load } as Pick<ComparisonFigures, 'rest' | Servers>;
  for (const [index, [name]] of loaded.entries()) result[name] = figures[index]!;
  return result;
}

/**
 * Each server's own work: our gateway, the floor and (when it started before) Hive Gateway, fresh, in
 * front of the platform's answers replayed (replay-platform.ts), loaded with the floor's question.
 */
async function measureOwnWork(
  platform: RunningPlatform,
  token: string,
  withPeer: boolean,
  load: LoadSettings,
  log: (message: string) => void,
): Promise<OwnWorkFigures[]> {
  const replay = await startReplayPlatform(platform.restUrl, token, [FLOOR_QUESTION.restPath]);
  const started: { close(): Promise<void> }[] = [];
  try {
    const replayed = { restUrl: replay.url, issuer: platform.issuer, config: platform.config };
    const gateway = await startBuiltGateway(benchGatewayEnv(replayed, NO_RATE_LIMIT));
    started.push(gateway);
    const floor = await startFloorProxy(replay.url);
    started.push(floor);
    const peerOrReason = withPeer ? await startPeer(replay.url, log) : undefined;
    const peer = typeof peerOrReason === 'object' ? peerOrReason : undefined;
    if (peer) started.push(peer);
    const requests: [BenchRequest, MeasuredProcess][] = [
      [graphqlRequest(gateway, FLOOR_QUESTION.graphql, token), gateway],
      [floorRequest(floor, FLOOR_QUESTION, token), floor],
      ...(peer
        ? [[graphqlRequest(peer, FLOOR_QUESTION.peerGraphql, token), peer] as [BenchRequest, MeasuredProcess]]
        : []),
    ];
    for (const [request] of requests) await probe(request);
    const figures: OwnWorkFigures[] = [];
    for (const connections of FLOOR_QUESTION.connections) {
      log(
        `${FLOOR_QUESTION.label} on the replayed platform, ${connections} connection(s): gateway, floor (and peer) in turn…`,
      );
      const [ours, theFloor, theirs] = await loadWithCpu(requests, { ...load, connections });
      figures.push({ connections, gateway: ours!, floor: theFloor!, ...(theirs ? { peer: theirs } : {}) });
    }
    return figures;
  } finally {
    for (const server of started.reverse()) await server.close();
    await replay.close();
  }
}

async function measureOn(
  database: BenchDatabase,
  load: LoadSettings,
  log: (message: string) => void,
): Promise<GatewayFigures & { sessionCheck: SessionCheckFigures[] }> {
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
  let peer: PeerGatewayProcess | undefined;
  let floor: MeasuredGatewayProcess | undefined;
  try {
    gateway = await startBuiltGateway(benchGatewayEnv(platform, NO_RATE_LIMIT));
    floor = await startFloorProxy(platform.restUrl);
    const peerOrReason = await startPeer(platform.restUrl, log);
    if (typeof peerOrReason !== 'string') peer = peerOrReason;
    // Tokens live 5 minutes and the three-way loads take longer: a fresh one for each load.
    const freshToken = () =>
      clientCredentialsToken(platform.issuer, { id: config.cliClientId, secret: config.cliClientSecret });
    const token = await freshToken();
    const restCallsPerQuery = new Map<Comparison, number>();
    for (const comparison of COMPARISONS) {
      await probe(restRequest(platform, comparison, token));
      await probe(graphqlRequest(gateway, comparison.graphql, token));
      restCallsPerQuery.set(comparison, await restCallsOf(gateway, graphqlRequest(gateway, comparison.graphql, token)));
    }
    await probe(floorRequest(floor, FLOOR_QUESTION, token));
    const peerNotMeasured = new Map<Comparison, string>();
    if (peer) await probePeer(peer, token, peerNotMeasured, log);
    else for (const comparison of COMPARISONS) peerNotMeasured.set(comparison, peerOrReason as string);
    const memoryNow = async () => ({
      gateway: (await gateway!.memory()).rssBytes,
      ...(peer ? { peer: (await peer.memory()).rssBytes } : {}),
    });
    const idle = await memoryNow();
    const loadBefore = os.loadavg()[0]!;
    let afterUsers = idle;
    const comparisons: ComparisonFigures[] = [];
    for (const comparison of COMPARISONS) {
      const peerAnswers = peer && !peerNotMeasured.has(comparison);
      for (const connections of comparison.connections) {
        log(
          `${database.label}: ${comparison.label}, ${connections} connection(s), REST, gateway, peer (and floor) in turn…`,
        );
        const fresh = await freshToken();
        const figures = await loadSideBySideWithRest(
          restRequest(platform, comparison, fresh),
          {
            gateway: [graphqlRequest(gateway, comparison.graphql, fresh), gateway],
            ...(peerAnswers ? { peer: [graphqlRequest(peer!, comparison.peerGraphql, fresh), peer!] } : {}),
            ...(comparison === FLOOR_QUESTION ? { floor: [floorRequest(floor, comparison, fresh), floor] } : {}),
          },
          { ...load, connections },
        );
        comparisons.push({ comparison, connections, ...figures });
      }
      if (comparison === USERS) afterUsers = await memoryNow();
    }
    const peak = {
      gateway: (await gateway.memory()).peakRssBytes,
      ...(peer ? { peer: (await peer.memory()).peakRssBytes } : {}),
    };
    const loadAfter = os.loadavg()[0]!;
    // Hive's first process is stopped first: two of them would take the memory and CPU the loads measure.
    const peerStarted = peer !== undefined;
    await peer?.close();
    peer = undefined;
    const ownWork = await measureOwnWork(platform, await freshToken(), peerStarted, load, log);
    const sessionCheck = await measureSessionCheck(platform, load, loadWithCpu, log);
    return {
      sessionCheck,
      database,
      comparisons,
      restCallsPerQuery,
      peerNotMeasured,
      ownWork,
      memory: { idle, afterUsers, peak },
      loadAverage: { before: loadBefore, after: loadAfter },
    };
  } finally {
    await peer?.close();
    await floor?.close();
    await gateway?.close();
    await platform.close();
  }
}

/**
 * The gateway against direct REST, and against a peer built from the same REST API by off-the-shelf tools,
 * side by side in one run against one platform: the latency each adds, the throughput each keeps, their
 * CPU per request and memory, and the REST calls each of our queries costs.
 */
export const gatewaySection: BenchSection = {
  id: 'gateway',
  async run(context: BenchContext) {
    const load = DEFAULT_LOAD;
    context.log('building the gateway as production does (tsc -b gateway/tsconfig.build.json)…');
    buildGateway();
    const rendered = await measureOnEachDatabase(context.command, async (database) => {
      const figures = await measureOn(database, load, context.log);
      return [renderFigures(figures), renderSessionCheck(figures.sessionCheck)].join('\n\n');
    });
    return [
      '## GraphQL gateway',
      `Measured ${context.date} on ${context.machine}.`,
      [
        'The platform started in process (`startPlatform` with the 100,000-user organization); the gateway in its own process,',
        `as production runs it (deploy/gateway.Dockerfile, \`npm start\`): compiled first with \`tsc -b gateway/tsconfig.build.json\`, then \`${GATEWAY_COMMAND}\``,
        '(no flags; `NODE_ENV=production`, `LOG_LEVEL=silent`, `RATE_LIMIT_PER_MINUTE=0` so that the load is not refused), pointed at that platform.',
        'All sides get the same client-credentials token (Meridian Admin) and the same load from autocannon in a worker thread,',
        `taking turns: a ${load.warmupSeconds} s warm-up of each, then ${load.runs} runs of ${load.durationSeconds} s of each, alternating; each figure is the median of the runs.`,
        'autocannon, the platform and the gateways share the machine, so a gateway also takes CPU from the platform it calls.',
        'autocannon truncates latencies to whole milliseconds, so the median and p99 are whole numbers; the mean',
        '(connections / req/s, Little’s law) keeps the fractions and gives the added latency.',
        'REST answers whole records; GraphQL answers only the fields selected (bytes per answer, headers included).',
        'CPU per request: the gateway process’s user and system CPU time (/proc) over the load, divided by the answers it gave',
        '(warm-up included); it moves far less with other work on the machine than latency does.',
      ].join('\n'),
      [
        '**Hive** is the peer: what off-the-shelf tools make of the same REST API. GraphQL Mesh 1.8 (`@graphql-mesh/compose-cli`',
        'with `@omnigraph/openapi`) composes a supergraph from the running platform’s own `/openapi.json`, unpatched, and',
        `Hive Gateway 2.15 serves it in one process with \`NODE_ENV=production\` (tests/bench/peer/, run there: \`${PEER_COMMAND}\`).`,
        'It forwards the caller’s Authorization header to the platform, which checks it, and is configured with nothing else',
        '(no permission checks, cost limits or response cache of its own). Its queries select the same data in Mesh’s names (table below); a query it cannot answer',
        'as the bench needs is not loaded, and the table says why. The bench installs it (`npm ci` in tests/bench/peer/,',
        'outside the pnpm workspace) when its node_modules is missing.',
      ].join('\n'),
      [
        '**The floor** (`node tests/bench/floor/proxy.mjs`, `NODE_ENV=production`) is the least a gateway on our gateway’s HTTP stack does:',
        'Fastify in front and an undici pool to the platform (the same versions and pool settings), one REST call per request, its JSON',
        'parsed and an answer written, and nothing else: no GraphQL, token checks, permissions, limits, metrics or logs. It is loaded',
        'with the smallest question only, beside the others; what our gateway adds over it is what its own work costs.',
      ].join('\n'),
      [
        '**Each server’s own work.** At one connection every process sleeps while the platform’s database works, and wakes',
        'cold for the next request; a server doing little per request pays that wake-up in a larger share, and the figures above',
        'include each process’s warm-up (its JIT compiling). So the smallest question is also asked, after the loads above, of a',
        'fresh gateway, floor and Hive Gateway (its first process stopped) in front of a bare node:http server replaying the',
        'platform’s answer recorded once (tests/bench/replay-platform.ts; `/openapi.json` too, for Mesh to compose against): the',
        'same warm-up and runs, each server’s CPU per answer. This is not the platform: it shows what each server costs by itself.',
      ].join('\n'),
      ...rendered,
    ].join('\n\n');
  },
};
