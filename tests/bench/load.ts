import autocannon from 'autocannon';
import { median } from './statistics.js';

/** How every endpoint is loaded: the same for all, so figures of one run compare as ratios. */
export interface LoadSettings {
  connections: number;
  /** Seconds of each measured run. */
  durationSeconds: number;
  runs: number;
  /** Seconds of an unmeasured run first (JIT, caches, connection pools). */
  warmupSeconds: number;
}

export const DEFAULT_LOAD: LoadSettings = { connections: 10, durationSeconds: 5, runs: 3, warmupSeconds: 1 };

/** Medians over the runs. */
export interface LoadFigures {
  latencyMs: number;
  p99Ms: number;
  requestsPerSecond: number;
}

function loadOnce(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  return autocannon({ url, headers, connections, duration: seconds });
}

/**
 * Loads GET `url` at a fixed concurrency, `runs` times; answers the medians. A run with a non-2xx answer
 * or a connection error has measured something else than the endpoint, so it stops the benchmark.
 */
export async function loadEndpoint(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings = DEFAULT_LOAD,
): Promise<LoadFigures> {
  if (settings.warmupSeconds > 0) await loadOnce(url, headers, settings.connections, settings.warmupSeconds);
  const results = [];
  for (let run = 0; run < settings.runs; run++) {
    const result = await loadOnce(url, headers, settings.connections, settings.durationSeconds);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors in ${result.requests.total} requests`,
      );
    }
    results.push(result);
  }
  return {
    latencyMs: median(results.map((result) => result.latency.p50)),
    p99Ms: median(results.map((result) => result.latency.p99)),
    requestsPerSecond: median(results.map((result) => result.requests.average)),
  };
}
