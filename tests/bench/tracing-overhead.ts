import type { RunningPlatform } from '@meridian/platform';
import { startOtlpReceiver } from '../e2e/support/otlp-receiver.js';
import { FLOOR_QUESTION } from './gateway-queries.js';
import { NO_RATE_LIMIT, benchGatewayEnv, startBuiltGateway, type MeasuredGatewayProcess } from './gateway-process.js';
import { loadSideBySide, type BenchRequest } from './request-load.js';
import { median } from './statistics.js';

/**
 * How tracing is measured: rounds, each with new gateways, loaded in turn in short slices: first
 * unmeasured (JIT, pools, the heap's sizes), then measured at each number of connections.
 */
export interface TracingLoad {
  connections: readonly number[];
  rounds: number;
  /** Seconds a gateway is loaded in one slice. */
  sliceSeconds: number;
  /** Passes (every gateway one slice) at the most connections before any is measured. */
  warmupPasses: number;
  /** Passes measured at each number of connections. */
  passes: number;
}

export const TRACING_LOAD: TracingLoad = {
  connections: [1, 10],
  rounds: 6,
  sliceSeconds: 2,
  warmupPasses: 8,
  passes: 4,
};

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
 * sets. Off and 10 % run on two gateways a round, so that one process's luck (its JIT, its heap: two
 * identical gateways have differed by up to 10 % over a run) weighs less; how the two untraced ones differ
 * is the run's resolution. The traced ones export every second (OTEL_BSP_SCHEDULE_DELAY, 5 s by default),
 * so their exports fall within their own slices, where their CPU is read.
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
 * A difference of a few per cent is what is looked for, and both the machine (its other load, for tens
 * of seconds) and each process (its JIT and heap, for its life) drift by more than that. So every round
 * starts new gateways, warms them up and loads each in turn in short slices (in the reverse turn every
 * other pass), reading a gateway's CPU over its own slice only (an idle gateway's timers would blur it):
 * a burst of the machine's load falls on every setting alike, and each setting's figure is over many
 * processes. A setting's figure is its CPU over all its slices per answer, against the untraced
 * gateways' over theirs: CPU per request is a mean, and a garbage collection or an export that falls in
 * one slice is part of it. The rounds' own ratios show how far one round's processes stray.
 */
export async function measureTracing(
  platform: RunningPlatform,
  token: () => Promise<string>,
  load: TracingLoad,
  log: (message: string) => void,
): Promise<TracingFigures[]> {
  const receiver = await startOtlpReceiver({ keep: false });
  const otlp = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '1000',
  };
  const arms = [OFF, ...TRACED.map((traced) => ({ ...traced, env: { ...otlp, ...traced.env } }))];
  // Each setting's gateways, as indexes into a round's gateways.
  let next = 0;
  const members = arms.map((arm) => Array.from({ length: arm.gateways }, () => next++));
  // tallies[connections][gateway][round]: what the gateway's slices at that many connections cost and served.
  const tallies: LoadTally[][][] = load.connections.map(() => members.flat().map(() => []));
  const loadOne = async (gateway: MeasuredGatewayProcess, bearer: string, connections: number): Promise<LoadTally> => {
    const before = await gateway.cpuSeconds();
    const [figure] = await loadSideBySide([request(gateway, bearer)], {
      connections,
      durationSeconds: load.sliceSeconds,
      runs: 1,
      warmupSeconds: 0,
    });
    const cpuSeconds = (await gateway.cpuSeconds()) - before;
    return { cpuSeconds, answers: figure.answersTotal, seconds: figure.answersTotal / figure.requestsPerSecond };
  };
  /** `count` passes at `connections`: every gateway one slice, in turn; their tallies summed per gateway. */
  const passes = async (gateways: MeasuredGatewayProcess[], connections: number, count: number) => {
    const summed = gateways.map(() => sum([]));
    for (let pass = 0; pass < count; pass++) {
      // A token per pass: a run outlasts one.
      const bearer = await token();
      const order = gateways.map((_, index) => index);
      if (pass % 2 === 1) order.reverse();
      for (const index of order) {
        summed[index] = sum([summed[index]!, await loadOne(gateways[index]!, bearer, connections)]);
      }
    }
    return summed;
  };
  try {
    for (let round = 0; round < load.rounds; round++) {
      const gateways: MeasuredGatewayProcess[] = [];
      try {
        for (const arm of arms) {
          for (let copy = 0; copy < arm.gateways; copy++) {
            gateways.push(await startBuiltGateway(benchGatewayEnv(platform, { ...NO_RATE_LIMIT, ...arm.env })));
          }
        }
        log(`tracing: round ${round + 1} of ${load.rounds}, warming up…`);
        await passes(gateways, Math.max(...load.connections), load.warmupPasses);
        for (const [position, connections] of load.connections.entries()) {
          const measured = await passes(gateways, connections, load.passes);
          measured.forEach((tally, index) => tallies[position]![index]!.push(tally));
        }
      } finally {
        for (const gateway of gateways.reverse()) await gateway.close();
      }
    }
  } finally {
    await receiver.close();
  }
  if (receiver.received() === 0) throw new Error('The traced gateways exported no span: tracing was not measured.');
  return load.connections.map((connections, position) => {
    const perGateway = tallies[position]!;
    // A setting's tally in each round: its gateways' slices together.
    const rounds = (indexes: number[]) =>
      perGateway[0]!.map((_, round) => sum(indexes.map((index) => perGateway[index]![round]!)));
    const off = rounds(members[0]!);
    const latencyOf = (tally: LoadTally) => meanLatencyMs(tally, connections);
    const [first, second] = members[0]!.map((index) => perGateway[index]!);
    return {
      connections,
      noise: { cpuRatio: ratio(second!, first!, cpuMsPerAnswer), latencyRatio: ratio(second!, first!, latencyOf) },
      off: { cpuMsPerRequest: cpuMsPerAnswer(sum(off)), meanLatencyMs: latencyOf(sum(off)) },
      traced: TRACED.map(({ label, gateways }, index) => {
        const traced = rounds(members[index + 1]!);
        return {
          label: gateways > 1 ? `${label} (${gateways} gateways a round)` : label,
          cpuMsPerRequest: cpuMsPerAnswer(sum(traced)),
          meanLatencyMs: latencyOf(sum(traced)),
          cpuRatio: ratio(traced, off, cpuMsPerAnswer),
          latencyRatio: ratio(traced, off, latencyOf),
        };
      }),
    };
  });
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
      `${load.rounds} rounds, each with ${gateways} new gateways in front of the same platform, the same build and settings but the`,
      'standard OTEL_* variables: two with none (off: the SDK is not loaded; together they are the baseline, and how they differ is the',
      'run’s resolution), and the others with an OTLP http/json endpoint (a receiver in the bench’s process), exporting every second',
      '(`OTEL_BSP_SCHEDULE_DELAY=1000`, five times as often as the default, so each export falls within the gateway’s own load): one',
      'sampled at 100 % (`parentbased_always_on`) and two at 10 % (`parentbased_traceidratio`, 0.1). Loaded with',
      `${FLOOR_QUESTION.label}, each gateway in turn for ${load.sliceSeconds} s (in the reverse turn every other pass):`,
      `${load.warmupPasses} passes of warm-up at ${Math.max(...load.connections)} connections, then ${load.passes} measured passes at each number of connections.`,
      'CPU per request: the processes’ user and system time over their own slices (exports included) over the answers they gave;',
      'latency: the mean (Little’s law). **In bold**, the ratio over the whole run; in brackets, the ratio round by round (each round',
      'its own processes): the median, the lowest and the highest round.',
    ].join('\n'),
    [
      '| connections | gateway | CPU ms per request: this / off | CPU per request vs off | mean latency ms: this / off | mean latency vs off |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row.join(' | ')} |`),
    ].join('\n'),
  ].join('\n\n');
}
