import os from 'node:os';
import type { BenchDatabase } from './databases.js';
import { COMPARISONS, FLOOR_QUESTION, USERS, queryText, type Comparison } from './gateway-queries.js';
import { formatCount, formatMs, formatRatio, table } from './report.js';
import type { RequestLoadFigures } from './request-load.js';

/** One GraphQL server's figures under one load. */
export interface GraphqlFigures {
  load: RequestLoadFigures;
  /** Its process's CPU time per answer it gave during the load (warm-up included). */
  cpuMsPerRequest: number;
}

/** One question at one concurrency, asked three ways in turn. */
export interface ComparisonFigures {
  comparison: Comparison;
  connections: number;
  rest: RequestLoadFigures;
  gateway: GraphqlFigures;
  /** Missing when the peer could not answer this question (GatewayFigures.peerNotMeasured says why). */
  peer?: GraphqlFigures;
  /** The floor proxy (tests/bench/floor/proxy.mjs), loaded with the smallest question only. */
  floor?: GraphqlFigures;
}

/** The floor's question at one concurrency, each server in front of the platform's answers replayed. */
export interface OwnWorkFigures {
  connections: number;
  gateway: GraphqlFigures;
  floor: GraphqlFigures;
  /** Missing when the peer did not start. */
  peer?: GraphqlFigures;
}

/** Resident memory of a gateway process (bytes); the peer's is missing when it did not start. */
export interface MemoryFigures {
  gateway: number;
  peer?: number;
}

export interface GatewayFigures {
  database: BenchDatabase;
  comparisons: ComparisonFigures[];
  /** Platform REST calls our gateway made for one request of each query. */
  restCallsPerQuery: Map<Comparison, number>;
  /** Why the peer was not loaded with a question: its start failed, or its probe's answer. */
  peerNotMeasured: Map<Comparison, string>;
  ownWork: OwnWorkFigures[];
  memory: { idle: MemoryFigures; afterUsers: MemoryFigures; peak: MemoryFigures };
  /** The machine's 1-minute load average when the loads began and ended: other work on it shows here. */
  loadAverage: { before: number; after: number };
}

const formatMeanMs = (ms: number) => ms.toFixed(2);
const formatPercent = (ratio: number) => `${Math.round(ratio * 100)} %`;
const formatMiB = (bytes: number | undefined) => (bytes === undefined ? '—' : `${Math.round(bytes / 1024 ** 2)}`);

/** REST → our gateway → the peer, the peer's part a dash when it was not measured. */
function threeWays(
  { rest, gateway, peer }: ComparisonFigures,
  format: (figures: RequestLoadFigures) => string,
): string {
  return `${format(rest)} → ${format(gateway.load)} → ${peer ? format(peer.load) : '—'}`;
}

/** Our gateway's figure and the peer's, each read against REST. */
function bothGateways(
  { rest, gateway, peer }: ComparisonFigures,
  format: (graphql: GraphqlFigures, rest: RequestLoadFigures) => string,
): string {
  return `${format(gateway, rest)} · ${peer ? format(peer, rest) : '—'}`;
}

function loadTable(figures: GatewayFigures): string {
  return table(
    [
      'query (REST direct; GraphQL through our gateway)',
      'connections',
      'median ms REST → gateway → Hive',
      'p99 ms REST → gateway → Hive',
      'mean ms REST → gateway → Hive',
      'added mean latency (ms) gateway · Hive',
      'mean latency ÷ REST gateway · Hive',
      'req/s REST → gateway → Hive',
      'req/s as % of REST gateway · Hive',
      'bytes per answer REST → gateway → Hive',
      'CPU per request (ms) gateway · Hive',
    ],
    figures.comparisons.map((row) => [
      `${row.comparison.label}<br>\`GET ${row.comparison.restPath}\`<br>\`${queryText(row.comparison.graphql)}\``,
      String(row.connections),
      threeWays(row, (load) => formatMs(load.latencyMs)),
      threeWays(row, (load) => formatMs(load.p99Ms)),
      threeWays(row, (load) => formatMeanMs(load.meanLatencyMs)),
      bothGateways(row, ({ load }, rest) => formatMeanMs(load.meanLatencyMs - rest.meanLatencyMs)),
      bothGateways(row, ({ load }, rest) => formatRatio(load.meanLatencyMs / rest.meanLatencyMs)),
      threeWays(row, (load) => formatCount(load.requestsPerSecond)),
      bothGateways(row, ({ load }, rest) => formatPercent(load.requestsPerSecond / rest.requestsPerSecond)),
      threeWays(row, (load) => formatCount(load.answerBytes)),
      bothGateways(row, ({ cpuMsPerRequest }) => formatMeanMs(cpuMsPerRequest)),
    ]),
  );
}

/** Our gateway against the floor under it, on the questions the floor was loaded with. */
function floorTable(figures: GatewayFigures): string | null {
  const rows = figures.comparisons.filter((row) => row.floor);
  if (rows.length === 0) return null;
  const added = (graphql: GraphqlFigures | undefined, rest: RequestLoadFigures) =>
    graphql ? formatMeanMs(graphql.load.meanLatencyMs - rest.meanLatencyMs) : '—';
  const cpu = (graphql: GraphqlFigures | undefined) => (graphql ? formatMeanMs(graphql.cpuMsPerRequest) : '—');
  return table(
    [
      'query',
      'connections',
      'added mean latency (ms) floor · gateway · Hive',
      'CPU per request (ms) floor · gateway · Hive',
      'gateway ÷ floor: added latency · CPU',
      'req/s as % of REST floor · gateway',
    ],
    rows.map(({ comparison, connections, rest, gateway, peer, floor }) => [
      comparison.label,
      String(connections),
      `${added(floor, rest)} · ${added(gateway, rest)} · ${added(peer, rest)}`,
      `${cpu(floor)} · ${cpu(gateway)} · ${cpu(peer)}`,
      `${formatRatio((gateway.load.meanLatencyMs - rest.meanLatencyMs) / (floor!.load.meanLatencyMs - rest.meanLatencyMs))} · ${formatRatio(gateway.cpuMsPerRequest / floor!.cpuMsPerRequest)}`,
      `${formatPercent(floor!.load.requestsPerSecond / rest.requestsPerSecond)} · ${formatPercent(gateway.load.requestsPerSecond / rest.requestsPerSecond)}`,
    ]),
  );
}

/** Each server's own work: CPU per request in front of the replayed platform. */
function ownWorkTable({ ownWork }: GatewayFigures): string {
  const cpu = (graphql: GraphqlFigures | undefined) => (graphql ? formatMeanMs(graphql.cpuMsPerRequest) : '—');
  const perSecond = (graphql: GraphqlFigures | undefined) =>
    graphql ? formatCount(graphql.load.requestsPerSecond) : '—';
  return table(
    [
      'connections',
      'CPU per request (ms) floor · gateway · Hive',
      'gateway ÷ Hive: CPU',
      'req/s floor · gateway · Hive',
    ],
    ownWork.map(({ connections, gateway, floor, peer }) => [
      String(connections),
      `${cpu(floor)} · ${cpu(gateway)} · ${cpu(peer)}`,
      peer ? formatRatio(gateway.cpuMsPerRequest / peer.cpuMsPerRequest) : '—',
      `${perSecond(floor)} · ${perSecond(gateway)} · ${perSecond(peer)}`,
    ]),
  );
}

/** A reason fit for one table cell: one line, no pipe, short (a refused answer may quote a whole record). */
const oneCell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 300);

function peerQueryTable(figures: GatewayFigures): string {
  return table(
    ['query sent to Hive Gateway (Mesh’s names for the same question)', 'measured'],
    COMPARISONS.map((comparison) => {
      const reason = figures.peerNotMeasured.get(comparison);
      return [`\`${queryText(comparison.peerGraphql)}\``, reason === undefined ? 'yes' : `no: ${oneCell(reason)}`];
    }),
  );
}

function memoryTable({ memory }: GatewayFigures): string {
  const row = (moment: string, figures: MemoryFigures) => [moment, formatMiB(figures.gateway), formatMiB(figures.peer)];
  return table(
    ['gateway process', 'our gateway RSS (MiB)', 'Hive Gateway RSS (MiB)'],
    [
      row('started and ready, after one request of each query', memory.idle),
      row(`right after ${USERS.connections.join(', ')} connections on the users query`, memory.afterUsers),
      row('peak over the whole run (VmHWM)', memory.peak),
    ],
  );
}

export function renderFigures(figures: GatewayFigures): string {
  const callsTable = table(
    ['GraphQL query (our gateway)', 'platform REST calls per request'],
    COMPARISONS.map((comparison) => [
      `\`${queryText(comparison.graphql)}\``,
      String(figures.restCallsPerQuery.get(comparison)),
    ]),
  );
  const floor = floorTable(figures);
  return [
    `### ${figures.database.label}`,
    `Command: \`${figures.database.command}\``,
    `Machine load average (1 min) when the loads began and ended: ${figures.loadAverage.before.toFixed(1)} and ${figures.loadAverage.after.toFixed(1)} (${os.cpus().length} CPUs; the bench’s own autocannon, platform, gateways and database count in it).`,
    loadTable(figures),
    ...(floor === null ? [] : ['Our gateway over the floor under it:', floor]),
    `Each server’s own work in front of the platform’s answers replayed, on ${FLOOR_QUESTION.label}:`,
    ownWorkTable(figures),
    peerQueryTable(figures),
    callsTable,
    memoryTable(figures),
  ].join('\n\n');
}
