import { describe, expect, it } from 'vitest';
import {
  atOrOverLimit,
  CHART_PERCENT_CAP,
  licenseChartPoints,
  licenseUseRows,
  limitUsePercent,
  limitUse,
  limitUseText,
  type LicenseUseInput,
} from './license-use.js';

const org = (organizationId: string, overrides: Partial<LicenseUseInput> = {}): LicenseUseInput => ({
  organizationId,
  name: organizationId.toUpperCase(),
  userLimit: 20,
  activeUsers: 10,
  explorerCount: 0,
  explorerUsed: 0,
  viewerCount: 0,
  viewerUsed: 0,
  ...overrides,
});

describe('license use against limits', () => {
  it('measures each limit: used over limit, Infinity for any use of a limit of 0, 0 for none of none', () => {
    expect(limitUse(15, 20)).toEqual({ used: 15, limit: 20, ratio: 0.75 });
    expect(limitUse(2, 0).ratio).toBe(Number.POSITIVE_INFINITY);
    expect(limitUse(0, 0).ratio).toBe(0);
  });

  it('sorts organizations by their fullest limit, whichever it is, then by name', () => {
    const rows = licenseUseRows([
      org('half'),
      org('viewers-full', { viewerCount: 10, viewerUsed: 10 }),
      org('over-users', { activeUsers: 25 }),
      org('b-also-half'),
      org('a-also-half'),
      org('explorer-no-seats', { explorerUsed: 1 }),
    ]);
    expect(rows.map((row) => row.organizationId)).toEqual([
      'explorer-no-seats',
      'over-users',
      'viewers-full',
      'a-also-half',
      'b-also-half',
      'half',
    ]);
    expect(rows[1]!.highest).toBe(1.25);
    expect(atOrOverLimit(rows)).toBe(3);
  });

  it('charts the top N as percents, capped so one outlier does not flatten the others', () => {
    const rows = licenseUseRows([
      org('a', { activeUsers: 5, viewerCount: 4, viewerUsed: 3 }),
      org('b', { explorerUsed: 2 }),
      org('c', { activeUsers: 100 }),
    ]);
    const points = licenseChartPoints(rows, 2);
    expect(points.map((point) => point.name)).toEqual(['B', 'C']);
    expect(points[0]).toMatchObject({ users: 50, explorer: CHART_PERCENT_CAP, viewer: 0 });
    expect(points[1]).toMatchObject({ users: CHART_PERCENT_CAP, explorer: 0, viewer: 0 });
    expect(licenseChartPoints(rows)[2]).toMatchObject({ name: 'A', users: 25, viewer: 75 });
  });

  it('words a use for tooltips: counts, then a percent, or over for a limit of 0', () => {
    expect(limitUseText(limitUse(1234, 2000))).toBe('1,234 of 2,000 (62%)');
    expect(limitUseText(limitUse(3, 0))).toBe('3 of 0 (over)');
    expect(limitUseText(limitUse(0, 0))).toBe('0 of 0');
    expect(limitUsePercent(limitUse(0, 0))).toBeNull();
  });
});
