import { describe, expect, it } from 'vitest';
import { segmentRows, statusTotals } from './organizations-by-segment.js';

describe('organizations by segment and lifecycle state', () => {
  const counts = [
    { segment: 'provider-group', status: 'ACTIVE', count: 10 },
    { segment: 'provider-group', status: 'ONBOARDING', count: 2 },
    { segment: 'health-plan', status: 'ACTIVE', count: 20 },
    { segment: 'health-plan', status: 'OFFBOARDED', count: 1 },
    { segment: 'life-sciences', status: 'CREATED', count: 11 },
  ];

  it('pivots (segment, state, count) to one row per segment with every state, largest segment first', () => {
    expect(segmentRows(counts)).toEqual([
      {
        segment: 'health-plan',
        label: 'Health Plan',
        total: 21,
        created: 0,
        onboarding: 0,
        deploying: 0,
        active: 20,
        offboarding: 0,
        offboarded: 1,
      },
      {
        segment: 'provider-group',
        label: 'Provider Group',
        total: 12,
        created: 0,
        onboarding: 2,
        deploying: 0,
        active: 10,
        offboarding: 0,
        offboarded: 0,
      },
      {
        segment: 'life-sciences',
        label: 'Life Sciences',
        total: 11,
        created: 11,
        onboarding: 0,
        deploying: 0,
        active: 0,
        offboarding: 0,
        offboarded: 0,
      },
    ]);
  });

  it('orders segments of the same size by name', () => {
    const rows = segmentRows([
      { segment: 'government', status: 'ACTIVE', count: 3 },
      { segment: 'employer', status: 'ACTIVE', count: 3 },
    ]);
    expect(rows.map((row) => row.label)).toEqual(['Employer', 'Government']);
  });

  it('names organizations without a segment and leaves out states it does not know', () => {
    const rows = segmentRows([
      { segment: '', status: 'ACTIVE', count: 4 },
      { segment: '', status: 'ARCHIVED', count: 9 },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ label: 'No segment', active: 4, total: 4 });
  });

  it('totals each state across segments', () => {
    expect(statusTotals(segmentRows(counts))).toEqual({
      created: 11,
      onboarding: 2,
      deploying: 0,
      active: 30,
      offboarding: 0,
      offboarded: 1,
    });
  });
});
