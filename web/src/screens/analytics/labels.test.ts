import { describe, expect, it } from 'vitest';
import { formatDate, humanize, segmentLabel, statusFromEnum } from './labels.js';

describe('analytics labels', () => {
  it('reads lifecycle states from the GraphQL enum and refuses unknown ones', () => {
    expect(statusFromEnum('OFFBOARDING')).toBe('offboarding');
    expect(statusFromEnum('ARCHIVED')).toBeUndefined();
  });

  it('words keys as the catalog names segments', () => {
    expect(humanize('provider-group')).toBe('Provider Group');
    expect(humanize('life_sciences')).toBe('Life Sciences');
    expect(segmentLabel('')).toBe('No segment');
  });

  it('shows a date that does not parse as a dash instead of throwing', () => {
    expect(formatDate('')).toBe('—');
    expect(formatDate('2026-03-04T12:00:00Z')).toMatch(/Mar [45], 2026/);
  });
});
