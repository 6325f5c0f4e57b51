import type { LoadSettings } from './load.js';
import { loadSideBySide, type BenchRequest, type RequestLoadFigures } from './request-load.js';

/** A process whose CPU time the bench reads (a gateway, Hive Gateway, the floor). */
export interface CpuMeasured {
  cpuSeconds(): Promise<number>;
}

/** Loads each request in turn (loadSideBySide), with the CPU per answer of the process behind each that has one. */
export async function loadWithCpu(
  loaded: readonly [BenchRequest, CpuMeasured | undefined][],
  settings: LoadSettings,
): Promise<{ load: RequestLoadFigures; cpuMsPerRequest: number }[]> {
  const cpuBefore = await Promise.all(loaded.map(([, server]) => (server ? server.cpuSeconds() : Promise.resolve(0))));
  const figures = await loadSideBySide(
    loaded.map(([request]) => request),
    settings,
  );
  return Promise.all(
    figures.map(async (load, index) => {
      const server = loaded[index]![1];
      const cpuSeconds = server ? (await server.cpuSeconds()) - cpuBefore[index]! : 0;
      return { load, cpuMsPerRequest: (cpuSeconds * 1000) / load.answersTotal };
    }),
  );
}
