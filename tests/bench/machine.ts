import os from 'node:os';

/** The machine a figure was measured on, in one line: figures from different machines do not compare. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus.length} × ${model}, ${memoryGiB} GiB memory, ${os.type()} ${os.release()} (${os.arch()}), Node ${process.version}`;
}
