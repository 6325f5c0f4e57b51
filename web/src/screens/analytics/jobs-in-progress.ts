import { JOB_KINDS } from '@meridian/schema';
import { humanize } from './labels.js';

/** A lifecycle job under way, as the summary answers it. */
export interface JobInProgressInput {
  organizationId: string;
  name: string;
  kind: string;
  startedAt: string;
  stepsDone: number;
  stepsTotal: number;
}

export interface JobRow extends JobInProgressInput {
  kindLabel: string;
  /** Share of steps done, 0 to 1 (0 for a job without steps). */
  progress: number;
}

/** Jobs with their kind in words and progress as a share, longest-running first. */
export function jobRows(jobs: readonly JobInProgressInput[]): JobRow[] {
  return jobs
    .map((job) => ({
      ...job,
      kindLabel: humanize(job.kind),
      progress: job.stepsTotal > 0 ? Math.min(job.stepsDone / job.stepsTotal, 1) : 0,
    }))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.organizationId.localeCompare(b.organizationId));
}

export interface KindCount {
  kind: string;
  label: string;
  count: number;
}

/** Jobs per kind: every kind of the lifecycle (0 where none), then any kind it does not know. */
export function jobsByKind(rows: readonly JobRow[]): KindCount[] {
  const counts = new Map(
    JOB_KINDS.map((kind): [string, KindCount] => [kind, { kind, label: humanize(kind), count: 0 }]),
  );
  for (const row of rows) {
    const entry = counts.get(row.kind) ?? { kind: row.kind, label: row.kindLabel, count: 0 };
    entry.count += 1;
    counts.set(row.kind, entry);
  }
  return [...counts.values()];
}
