import autocannon from 'autocannon';
import type { LoadFigures, LoadSettings } from './load.js';
import { median } from './statistics.js';

/** One HTTP request, sent again and again: a REST GET, or a GraphQL POST with its JSON body. */
export interface BenchRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/**
 * LoadFigures plus the mean latency and the answer size. autocannon records latencies as whole
 * milliseconds (truncated), too coarse to tell a fraction of a millisecond added by the gateway. With a
 * fixed number of connections each sending its next request as soon as the answer arrives, Little's law
 * gives the mean exactly: connections / throughput (at 1 connection, 1000 / req/s ms).
 */
export interface RequestLoadFigures extends LoadFigures {
  meanLatencyMs: number;
  /** Bytes received per answer, headers included. */
  answerBytes: number;
  /** Answers received over the warm-up and every run: what a process's CPU time over the load served. */
  answersTotal: number;
}

/**
 * In a worker thread: the platform under test runs in this process, and autocannon reading answers on
 * its event loop would slow the platform more for large answers (direct REST) than for small ones
 * (GraphQL through the gateway), skewing the comparison.
 */
async function loadOnce(request: BenchRequest, connections: number, seconds: number) {
  const result = await autocannon({
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    connections,
    duration: seconds,
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${request.method} ${request.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors in ${result.requests.total} requests`,
    );
  }
  return result;
}

type Result = Awaited<ReturnType<typeof loadOnce>>;

function figuresOf(results: readonly Result[], warmup: Result | undefined, connections: number): RequestLoadFigures {
  const requestsPerSecond = median(results.map((result) => result.requests.average));
  return {
    latencyMs: median(results.map((result) => result.latency.p50)),
    p99Ms: median(results.map((result) => result.latency.p99)),
    meanLatencyMs: (connections * 1000) / requestsPerSecond,
    requestsPerSecond,
    answerBytes: median(results.map((result) => result.throughput.total / result.requests.total)),
    answersTotal: [...results, ...(warmup ? [warmup] : [])].reduce((sum, result) => sum + result.requests.total, 0),
  };
}

/**
 * Loads each request with the same settings, taking turns run by run (a warm-up of each, then run 1 of
 * each, run 2 of each, …) so that a change in the machine's other load during the measurement falls on
 * all of them alike. Answers the medians, in the order of `requests`. A non-2xx answer or a connection
 * error stops the benchmark: it has measured something else than the request.
 */
export async function loadSideBySide<const Requests extends readonly BenchRequest[]>(
  requests: Requests,
  settings: LoadSettings,
): Promise<{ [Index in keyof Requests]: RequestLoadFigures }> {
  const warmups: (Result | undefined)[] = [];
  for (const request of requests) {
    warmups.push(
      settings.warmupSeconds > 0 ? await loadOnce(request, settings.connections, settings.warmupSeconds) : undefined,
    );
  }
  const results: Result[][] = requests.map(() => []);
  for (let run = 0; run < settings.runs; run++) {
    for (const [index, request] of requests.entries()) {
      results[index]!.push(await loadOnce(request, settings.connections, settings.durationSeconds));
    }
  }
  return results.map((runs, index) => figuresOf(runs, warmups[index], settings.connections)) as {
    [Index in keyof Requests]: RequestLoadFigures;
  };
}
