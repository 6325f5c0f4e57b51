import { humanize } from './labels.js';

/** A failed lifecycle job that holds its organization back, as the summary answers it. */
export interface FailedJobInput {
  organizationId: string;
  name: string;
  kind: string;
  failedAt?: string | null;
  step?: string | null;
  reason?: string | null;
}

export interface FailedJobRow extends FailedJobInput {
  kindLabel: string;
}

/** Failed jobs with their kind in words, newest failure first (the order the platform sends). */
export function failedJobRows(jobs: readonly FailedJobInput[]): FailedJobRow[] {
  return jobs.map((job) => ({ ...job, kindLabel: humanize(job.kind) }));
}

/** "1 lifecycle job failed and waits for an operator." / "2 lifecycle jobs failed …" */
export function failedJobsDescription(rows: readonly FailedJobRow[]): string {
  if (rows.length === 0) return 'No lifecycle job has failed.';
  const jobs = rows.length === 1 ? '1 lifecycle job' : `${rows.length} lifecycle jobs`;
  return `${jobs} failed and ${rows.length === 1 ? 'waits' : 'wait'} for an operator: fix the reason, then start the job again from the organization’s lifecycle.`;
}
