import type { RunningPlatform } from '@meridian/platform';
import { startOtlpReceiver } from '../e2e/support/otlp-receiver.js';
import { FLOOR_QUESTION } from './gateway-queries.js';
import { NO_RATE_LIMIT, benchGatewayEnv, startBuiltGateway, type MeasuredGatewayProcess } from './gateway-process.js';
import type { LoadSettings } from './load.js';
import { loadWithCpu } from './load-with-cpu.js';
import type { BenchRequest, RequestLoadFigures } from './request-load.js';

type Measured = { load: RequestLoadFigures; cpuMsPerRequest: number };

/** One load of the same question through gateways with tracing off, sampled at 100 % and at 10 %. */
export interface TracingFigures {
  connections: number;
  off: Measured;
  all: Measured;
  tenth: Measured;
}

/** What the gateways are told besides the endpoint: the standard variables only, as an operator sets them. */
const SAMPLED_ALL = { OTEL_TRACES_SAMPLER: 'parentbased_always_on' };
const SAMPLED_TENTH = { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' };

const request = (gateway: MeasuredGatewayProcess, token: string): BenchRequest => ({
  url: `${gateway.origin}/graphql`,
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ query: FLOOR_QUESTION.graphql }),
});

/**
 * Tracing's cost (issue 32): three gateways in front of one platform, identical but for the OTEL_*
 * variables (none; an OTLP http/json endpoint sampled at 100 %; at 10 %), loaded in turn with the
 * smallest question, where the gateway's own work weighs most. The spans go to a receiver in this process.
 */
export async function measureTracing(
  platform: RunningPlatform,
  token: () => Promise<string>,
  load: LoadSettings,
  log: (message: string) => void,
): Promise<TracingFigures[]> {
  const receiver = await startOtlpReceiver({ keep: false });
  const started: MeasuredGatewayProcess[] = [];
  const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
  try {
    const start = async (env: Record<string, string>) => {
      const gateway = await startBuiltGateway(benchGatewayEnv(platform, { ...NO_RATE_LIMIT, ...env }));
      started.push(gateway);
      return gateway;
    };
    const off = await start({});
    const all = await start({ ...traced, ...SAMPLED_ALL });
    const tenth = await start({ ...traced, ...SAMPLED_TENTH });
    const figures: TracingFigures[] = [];
    for (const connections of [1, 10]) {
      log(`tracing: ${FLOOR_QUESTION.label}, ${connections} connection(s), off, 100 % and 10 % in turn and back…`);
      const fresh = await token();
      const loaded = (order: MeasuredGatewayProcess[]) =>
        loadWithCpu(
          order.map((gateway) => [request(gateway, fresh), gateway] as [BenchRequest, MeasuredGatewayProcess]),
          { ...load, connections },
        );
      // In turn, then in the reverse turn: whichever goes first or last (a warmer machine, another
      // process's timer) weighs on each the same. Each figure is the mean of its two.
      const forward = await loaded([off, all, tenth]);
      const backward = (await loaded([tenth, all, off])).reverse();
      const [withoutTracing, sampledAll, sampledTenth] = forward.map((figure, index) =>
        meanOf(figure, backward[index]!),
      );
      figures.push({ connections, off: withoutTracing!, all: sampledAll!, tenth: sampledTenth! });
    }
    if (receiver.received() === 0) throw new Error('The traced gateways exported no span: tracing was not measured.');
    return figures;
  } finally {
    for (const gateway of started.reverse()) await gateway.close();
    await receiver.close();
  }
}

/** One gateway's two loads as one: mean CPU per answer and mean latency. */
function meanOf(a: Measured, b: Measured): Measured {
  return {
    load: { ...a.load, meanLatencyMs: (a.load.meanLatencyMs + b.load.meanLatencyMs) / 2 },
    cpuMsPerRequest: (a.cpuMsPerRequest + b.cpuMsPerRequest) / 2,
  };
}

const ratio = (value: number, base: number) => `${(value / base).toFixed(3)}×`;

/** The figures as the report's table: each traced gateway against the untraced one. */
export function renderTracing(figures: readonly TracingFigures[]): string {
  const rows = figures.flatMap(({ connections, off, all, tenth }) =>
    (
      [
        ['100 %', all],
        ['10 %', tenth],
      ] as const
    ).map(([sampled, traced]) =>
      [
        connections,
        sampled,
        `${traced.cpuMsPerRequest.toFixed(3)} / ${off.cpuMsPerRequest.toFixed(3)}`,
        ratio(traced.cpuMsPerRequest, off.cpuMsPerRequest),
        `${traced.load.meanLatencyMs.toFixed(2)} / ${off.load.meanLatencyMs.toFixed(2)}`,
        (traced.load.meanLatencyMs - off.load.meanLatencyMs).toFixed(3),
        ratio(traced.load.meanLatencyMs, off.load.meanLatencyMs),
      ].join(' | '),
    ),
  );
  return [
    [
      `Three gateways in front of the same platform, the same build and settings but the standard OTEL_* variables: none (off),`,
      `an OTLP http/json endpoint (a receiver in the bench's process) sampled at 100 % (\`parentbased_always_on\`), and at 10 %`,
      `(\`parentbased_traceidratio\`, 0.1), loaded in turn and in the reverse turn (each figure the mean of both) with ${FLOOR_QUESTION.label}. Off, the SDK is not loaded at all.`,
      'CPU: the process’s user and system time over the load, per answer (export included); latency: the mean (Little’s law).',
    ].join('\n'),
    [
      '| connections | sampled | CPU ms per request traced / off | CPU ratio | mean latency ms traced / off | added latency ms | latency ratio |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row} |`),
    ].join('\n'),
  ].join('\n\n');
}
