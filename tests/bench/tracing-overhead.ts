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

/** A median over the rounds, with the lowest and highest round. */
export interface Spread {
  median: number;
  low: number;
  high: number;
}

/** One gateway's figures over the rounds; the ratios are to the untraced gateways of the same round. */
export interface TracedGatewayFigures {
  label: string;
  cpuMsPerRequest: number;
  meanLatencyMs: number;
  cpuRatio: Spread;
  latencyRatio: Spread;
}

export interface TracingFigures {
  connections: number;
  /** The second untraced gateway against the first: what two identical gateways differ by. */
  noise: { cpuRatio: Spread; latencyRatio: Spread };
  off: { cpuMsPerRequest: number; meanLatencyMs: number };
  traced: TracedGatewayFigures[];
}

/**
 * The gateways measured: identical builds and settings but for the standard OTEL_* variables an operator
 * sets. Two are untraced: their mean is each round's baseline, and how they differ is the run's
 * resolution. The traced ones export every second (OTEL_BSP_SCHEDULE_DELAY, 5 s by default), so their
 * exports fall within their own load, where their CPU is read.
 */
const UNTRACED = [{}, {}] as const;
const TRACED = [
  { label: 'sampled at 100 %', env: { OTEL_TRACES_SAMPLER: 'parentbased_always_on' } },
  {
    label: 'sampled at 10 %',
    env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
  },
] as const;

const request = (gateway: MeasuredGatewayProcess, token: string): BenchRequest => ({
  url: `${gateway.origin}/graphql`,
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ query: FLOOR_QUESTION.graphql }),
});

function spread(values: readonly number[]): Spread {
  return { median: median(values), low: Math.min(...values), high: Math.max(...values) };
}

/**
 * Tracing's cost (issue 32): gateways in front of one platform (UNTRACED, TRACED), loaded with the
 * smallest question, where the gateway's own work weighs most. The spans go to an OTLP receiver in this
 * process. A difference of a few per cent is what is looked for, and a gateway's CPU per request drifts
 * by more than that over minutes (JIT, the machine's other load), so each round loads every gateway
 * once, in turn and in the reverse turn every other round, reading its CPU over its own load only (an
 * idle gateway's timers would blur it), and each ratio is taken within its round: the median over the
 * rounds is the figure, the lowest and highest round its range.
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
    for (const env of [...UNTRACED, ...TRACED.map((traced) => ({ ...otlp, ...traced.env }))]) {
      started.push(await startBuiltGateway(benchGatewayEnv(platform, { ...NO_RATE_LIMIT, ...env })));
    }
    const figures: TracingFigures[] = [];
    for (const connections of load.connections) {
      const fresh = await token();
      const loadOne = async (gateway: MeasuredGatewayProcess, seconds: number) => {
        const before = await gateway.cpuSeconds();
        const [figure] = await loadSideBySide([request(gateway, fresh)], {
          connections,
          durationSeconds: seconds,
          runs: 1,
          warmupSeconds: 0,
        });
        const cpuSeconds = (await gateway.cpuSeconds()) - before;
        return { cpuMs: (cpuSeconds * 1000) / figure.answersTotal, latencyMs: figure.meanLatencyMs };
      };
      log(`tracing: ${connections} connection(s), warming up ${load.warmupSeconds} s each…`);
      for (const gateway of started) await loadOne(gateway, load.warmupSeconds);
      const cpu: number[][] = started.map(() => []);
      const latency: number[][] = started.map(() => []);
      for (let round = 0; round < load.rounds; round++) {
        const order = started.map((_, index) => index);
        if (round % 2 === 1) order.reverse();
        for (const index of order) {
          const { cpuMs, latencyMs } = await loadOne(started[index]!, load.seconds);
          cpu[index]!.push(cpuMs);
          latency[index]!.push(latencyMs);
        }
        log(`tracing: ${connections} connection(s), round ${round + 1} of ${load.rounds}`);
      }
      // Each round's baseline: the mean of its two untraced gateways.
      const offOf = (values: number[][]) => values[0]!.map((first, round) => (first + values[1]![round]!) / 2);
      const [cpuOff, latencyOff] = [offOf(cpu), offOf(latency)];
      const against = (values: number[], base: number[]) => spread(values.map((value, round) => value / base[round]!));
      figures.push({
        connections,
        noise: { cpuRatio: against(cpu[1]!, cpu[0]!), latencyRatio: against(latency[1]!, latency[0]!) },
        off: { cpuMsPerRequest: median(cpuOff), meanLatencyMs: median(latencyOff) },
        traced: TRACED.map(({ label }, position) => {
          const index = UNTRACED.length + position;
          return {
            label,
            cpuMsPerRequest: median(cpu[index]!),
            meanLatencyMs: median(latency[index]!),
            cpuRatio: against(cpu[index]!, cpuOff),
            latencyRatio: against(latency[index]!, latencyOff),
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
const range = ({ median, low, high }: Spread) => `**${times(median)}** (${times(low)}–${times(high)})`;

/** The figures as the report's table: each traced gateway against the untraced ones, round by round. */
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
  return [
    [
      'Four gateways in front of the same platform, the same build and settings but the standard OTEL_* variables: two with',
      'none (off: the SDK is not loaded; their mean is the baseline, and how they differ is the run’s resolution), and two with an',
      'OTLP http/json endpoint (a receiver in the bench’s process), exporting every second (`OTEL_BSP_SCHEDULE_DELAY=1000`, five',
      'times as often as the default, so each export falls within the gateway’s own load), sampled at 100 % (`parentbased_always_on`)',
      `and at 10 % (\`parentbased_traceidratio\`, 0.1). Loaded with ${FLOOR_QUESTION.label}: after ${load.warmupSeconds} s of warm-up each,`,
      `${load.rounds} rounds of ${load.seconds} s each, every gateway once a round (in turn, and in the reverse turn every other round).`,
      'CPU: the process’s user and system time over its own load, per answer (its exports included); latency: the mean (Little’s law).',
      'Ratios are to the untraced gateways of the same round: the median over the rounds, in brackets the lowest and highest round.',
    ].join('\n'),
    [
      '| connections | gateway | CPU ms per request, median: this / off | CPU per request vs off | mean latency ms: this / off | mean latency vs off |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row.join(' | ')} |`),
    ].join('\n'),
  ].join('\n\n');
}
