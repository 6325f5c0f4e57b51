import { describe, expect, it } from 'vitest';
import { jobRows, jobsByKind } from './jobs-in-progress.js';

const job = (organizationId: string, kind: string, startedAt: string, stepsDone: number, stepsTotal: number) => ({
  organizationId,
  name: organizationId.toUpperCase(),
  kind,
  startedAt,
  stepsDone,
  stepsTotal,
});

describe('jobs in progress', () => {
  it('words the kind, gives progress as a share and lists the longest-running first', () => {
    const rows = jobRows([
      job('b', 'deployment', '2026-03-02T00:00:00Z', 1, 4),
      job('a', 'onboarding', '2026-03-01T00:00:00Z', 3, 3),
      job('c', 'offboarding', '2026-03-03T00:00:00Z', 0, 0),
    ]);
    expect(rows.map((row) => [row.organizationId, row.kindLabel, row.progress])).toEqual([
      ['a', 'Onboarding', 1],
      ['b', 'Deployment', 0.25],
      ['c', 'Offboarding', 0],
    ]);
  });

  it('counts jobs per kind of the lifecycle, 0 where none, and keeps a kind it does not know', () => {
    const rows = jobRows([
      job('a', 'onboarding', '2026-03-01T00:00:00Z', 1, 3),
      job('b', 'onboarding', '2026-03-01T00:00:00Z', 1, 3),
      job('c', 'migration', '2026-03-01T00:00:00Z', 1, 3),
    ]);
    expect(jobsByKind(rows)).toEqual([
      { kind: 'onboarding', label: 'Onboarding', count: 2 },
      { kind: 'deployment', label: 'Deployment', count: 0 },
      { kind: 'offboarding', label: 'Offboarding', count: 0 },
      { kind: 'migration', label: 'Migration', count: 1 },
    ]);
  });
});
