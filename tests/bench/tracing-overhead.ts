import type { RunningPlatform } from '@meridian/platform';
import { startOtlpReceiver } from '../e2e/support/otlp-receiver.js';
import { FLOOR_QUESTION } from './gateway-queries.js';
import { NO_RATE_LIMIT, benchGatewayEnv, startBuiltGateway, type MeasuredGatewayProcess } from './gateway-process.js';
import { loadSideBySide, type BenchRequest } from './request-load.js';
import { median } from './statistics.js';

/** How tracing is measured: rounds of short loads, each gateway in every round. */
export interface TracingLoad {
  connections: readonly number[];
  rounds: number;
  /** Seconds each gateway is loaded in a round. */
  seconds: number;
  /** Seconds each gateway is loaded, unmeasured, before the first round (JIT, pools). */
  warmupSeconds: number;
}

export const TRACING_LOAD: TracingLoad = { connections: [1, 10], rounds: 15, seconds: 4, warmupSeconds: 8 };

/** The ratio over the whole run (totals against totals), with the median, lowest and highest round. */
export interface Ratio {
  total: number;
  median: number;
  low: number;
  high: number;
}

/** One setting's figures; the ratios are to the untraced gateways (over the run, and round by round). */
export interface TracedGatewayFigures {
  label: string;
  cpuMsPerRequest: number;
  meanLatencyMs: number;
  cpuRatio: Ratio;
  latencyRatio: Ratio;
}

export interface TracingFigures {
  connections: number;
  /** The second untraced gateway against the first: what two identical gateways differ by. */
  noise: { cpuRatio: Ratio; latencyRatio: Ratio };
  off: { cpuMsPerRequest: number; meanLatencyMs: number };
  traced: TracedGatewayFigures[];
}

/** Gateways of one setting: their loads add up to the setting's figures. */
interface Arm {
  label: string;
  env: Record<string, string>;
  gateways: number;
}

/**
 * The gateways measured: identical builds and settings but for the standard OTEL_* variables an operator
 * sets. Off and 10 % run on two gateways each, so that one process's luck (its JIT, its memory, measured
 * at up to 6 % between two identical ones) weighs half; how the two untraced ones differ is the run's
 * resolution. The traced ones export every second (OTEL_BSP_SCHEDULE_DELAY, 5 s by default), so their
 * exports fall within their own load, where their CPU is read.
 */
const OFF: Arm = { label: 'off', env: {}, gateways: 2 };
const TRACED: readonly Arm[] = [
  { label: 'sampled at 100 %', env: { OTEL_TRACES_SAMPLER: 'parentbased_always_on' }, gateways: 1 },
  {
    label: 'sampled at 10 %',
    env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
    gateways: 2,
  },
];

const request = (gateway: MeasuredGatewayProcess, token: string): BenchRequest => ({
  url: `${gateway.origin}/graphql`,
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ query: FLOOR_QUESTION.graphql }),
});

/** What one load of one gateway cost and served. */
interface LoadTally {
  cpuSeconds: number;
  answers: number;
  /** Seconds under load: with a fixed number of connections, connections × seconds / answers is the mean latency. */
  seconds: number;
}

const sum = (tallies: readonly LoadTally[]): LoadTally => ({
  cpuSeconds: tallies.reduce((total, tally) => total + tally.cpuSeconds, 0),
  answers: tallies.reduce((total, tally) => total + tally.answers, 0),
  seconds: tallies.reduce((total, tally) => total + tally.seconds, 0),
});
const cpuMsPerAnswer = (tally: LoadTally) => (tally.cpuSeconds * 1000) / tally.answers;
const meanLatencyMs = (tally: LoadTally, connections: number) => (connections * tally.seconds * 1000) / tally.answers;

/** `of` against `base`, given as their tallies round by round (the same rounds for both). */
function ratio(of: LoadTally[], base: LoadTally[], figure: (tally: LoadTally) => number): Ratio {
  const perRound = of.map((tally, round) => figure(tally) / figure(base[round]!));
  return {
    total: figure(sum(of)) / figure(sum(base)),
    median: median(perRound),
    low: Math.min(...perRound),
    high: Math.max(...perRound),
  };
}

/**
 * Tracing's cost (issue 32): gateways in front of one platform (OFF, TRACED), loaded with the smallest
 * question, where the gateway's own work weighs most. The spans go to an OTLP receiver in this process.
 * A difference of a few per cent is what is looked for, and a gateway's CPU per request drifts by more
 * than that over minutes (JIT, the machine's other load), so each round loads every gateway once, in
 * turn and in the reverse turn every other round, reading its CPU over its own load only (an idle
 * gateway's timers would blur it). A setting's figure is its CPU over all its loads per answer, against
 * the untraced gateways' over theirs: CPU per request is a mean, and a garbage collection or an export
 * that falls in one round is part of it. The rounds' own ratios show how far one round strays.
 */
export async function measureTracing(
  platform: RunningPlatform,
  token: () => Promise<string>,
  load: TracingLoad,
  log: (message: string) => void,
): Promise<TracingFigures[]> {
  const receiver = await startOtlpReceiver({ keep: false });
  const started: MeasuredGatewayProcess[] = [];
  const otlp = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '1000',
  };
  try {
    // Each setting's gateways, as indexes into `started`.
    const members: number[][] = [];
    for (const arm of [OFF, ...TRACED.map((traced) => ({ ...traced, env: { ...otlp, ...traced.env } }))]) {
      const indexes: number[] = [];
      for (let copy = 0; copy < arm.gateways; copy++) {
        indexes.push(started.length);
        started.push(await startBuiltGateway(benchGatewayEnv(platform, { ...NO_RATE_LIMIT, ...arm.env })));
      }
      members.push(indexes);
    }
    const figures: TracingFigures[] = [];
    for (const connections of load.connections) {
      const loadOne = async (gateway: MeasuredGatewayProcess, bearer: string, seconds: number): Promise<LoadTally> => {
        const before = await gateway.cpuSeconds();
        const [figure] = await loadSideBySide([request(gateway, bearer)], {
          connections,
          durationSeconds: seconds,
          runs: 1,
          warmupSeconds: 0,
        });
        const cpuSeconds = (await gateway.cpuSeconds()) - before;
        return { cpuSeconds, answers: figure.answersTotal, seconds: figure.answersTotal / figure.requestsPerSecond };
      };
      log(`tracing: ${connections} connection(s), warming up ${load.warmupSeconds} s each…`);
      const warmupToken = await token();
      for (const gateway of started) await loadOne(gateway, warmupToken, load.warmupSeconds);
      const tallies: LoadTally[][] = started.map(() => []);
      for (let round = 0; round < load.rounds; round++) {
        // A token per round: a run outlasts one.
        const bearer = await token();
        const order = started.map((_, index) => index);
        if (round % 2 === 1) order.reverse();
        for (const index of order) tallies[index]!.push(await loadOne(started[index]!, bearer, load.seconds));
        log(`tracing: ${connections} connection(s), round ${round + 1} of ${load.rounds}`);
      }
      // A setting's tally in each round: its gateways' loads together.
      const rounds = (indexes: number[]) =>
        tallies[0]!.map((_, round) => sum(indexes.map((index) => tallies[index]![round]!)));
      const off = rounds(members[0]!);
      const latencyOf = (tally: LoadTally) => meanLatencyMs(tally, connections);
      const [first, second] = members[0]!.map((index) => tallies[index]!);
      figures.push({
        connections,
        noise: { cpuRatio: ratio(second!, first!, cpuMsPerAnswer), latencyRatio: ratio(second!, first!, latencyOf) },
        off: { cpuMsPerRequest: cpuMsPerAnswer(sum(off)), meanLatencyMs: latencyOf(sum(off)) },
        traced: TRACED.map(({ label, gateways }, position) => {
          const traced = rounds(members[position + 1]!);
          return {
            label: gateways > 1 ? `${label} (${gateways} gateways)` : label,
            cpuMsPerRequest: cpuMsPerAnswer(sum(traced)),
            meanLatencyMs: latencyOf(sum(traced)),
            cpuRatio: ratio(traced, off, cpuMsPerAnswer),
            latencyRatio: ratio(traced, off, latencyOf),
          };
        }),
      });
    }
    if (receiver.received() === 0) throw new Error('The traced gateways exported no span: tracing was not measured.');
    return figures;
  } finally {
    for (const gateway of started.reverse()) await gateway.close();
    await receiver.close();
  }
}

const times = (value: number) => `${value.toFixed(3)}×`;
const range = ({ total, median, low, high }: Ratio) =>
  `**${times(total)}** (${times(median)}; ${times(low)}–${times(high)})`;

/** The figures as the report's table: each traced setting against the untraced gateways. */
export function renderTracing(figures: readonly TracingFigures[], load: TracingLoad): string {
  const rows = figures.flatMap(({ connections, noise, off, traced }) => [
    [
      connections,
      'off, the second untraced gateway against the first (the noise)',
      '',
      range(noise.cpuRatio),
      '',
      range(noise.latencyRatio),
    ],
    ...traced.map((gateway) => [
      connections,
      gateway.label,
      `${gateway.cpuMsPerRequest.toFixed(3)} / ${off.cpuMsPerRequest.toFixed(3)}`,
      range(gateway.cpuRatio),
      `${gateway.meanLatencyMs.toFixed(2)} / ${off.meanLatencyMs.toFixed(2)}`,
      range(gateway.latencyRatio),
    ]),
  ]);
  const gateways = [OFF, ...TRACED].reduce((count, arm) => count + arm.gateways, 0);
  return [
    [
      `${gateways} gateways in front of the same platform, the same build and settings but the standard OTEL_* variables: two with`,
      'none (off: the SDK is not loaded; together they are the baseline, and how they differ is the run’s resolution), and the others',
      'with an OTLP http/json endpoint (a receiver in the bench’s process), exporting every second (`OTEL_BSP_SCHEDULE_DELAY=1000`, five',
      'times as often as the default, so each export falls within the gateway’s own load): one sampled at 100 % (`parentbased_always_on`)',
      `and two at 10 % (\`parentbased_traceidratio\`, 0.1). Loaded with ${FLOOR_QUESTION.label}: after ${load.warmupSeconds} s of warm-up each,`,
      `${load.rounds} rounds of ${load.seconds} s each, every gateway once a round (in turn, and in the reverse turn every other round).`,
      'CPU per request: the processes’ user and system time over their own loads (exports included) over the answers they gave;',
      'latency: the mean (Little’s law). **In bold**, the ratio over the whole run; in brackets, the ratio round by round: the median,',
      'the lowest and the highest round.',
    ].join('\n'),
    [
      '| connections | gateway | CPU ms per request: this / off | CPU per request vs off | mean latency ms: this / off | mean latency vs off |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row.join(' | ')} |`),
    ].join('\n'),
  ].join('\n\n');
}
