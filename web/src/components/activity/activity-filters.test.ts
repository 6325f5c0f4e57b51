import { describe, expect, it } from 'vitest';
import {
  activityFilterParams,
  EMPTY_ACTIVITY_FILTER,
  gatewayFilter,
  hasActiveFilter,
  parseActivityFilter,
  timeRangeError,
  type ActivityFilter,
} from './activity-filters.js';

const filterOf = (overrides: Partial<ActivityFilter>): ActivityFilter => ({ ...EMPTY_ACTIVITY_FILTER, ...overrides });

describe('activity filters ↔ URL', () => {
  it('reads every filter from the search parameters', () => {
    const params = new URLSearchParams(
      'organizationId=acme&actor=admin%40meridian.test&targetType=USER&targetId=j.doe%40acme.test&action=user.deactivate&from=2026-03-01&to=2026-03-31',
    );
    expect(parseActivityFilter(params)).toEqual({
      organizationId: 'acme',
      actor: 'admin@meridian.test',
      targetType: 'USER',
      targetId: 'j.doe@acme.test',
      action: 'user.deactivate',
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it('drops what the list does not know: an unknown action or target type, a malformed date', () => {
    const params = new URLSearchParams(
      'action=user.delete&targetType=planet&from=yesterday&to=2026-13-45&actor=%20x%20',
    );
    expect(parseActivityFilter(params)).toEqual(filterOf({ actor: 'x' }));
  });

  it('writes only the filters set, keeping the other parameters, and reads back the same filter', () => {
    const filter = filterOf({ action: 'user.deactivate', targetId: 'j.doe@acme.test' });
    const params = activityFilterParams(filter, new URLSearchParams('tab=1&actor=old%40acme.test'));
    expect(params.toString()).toBe('tab=1&targetId=j.doe%40acme.test&action=user.deactivate');
    expect(parseActivityFilter(params)).toEqual(filter);
    expect(activityFilterParams(EMPTY_ACTIVITY_FILTER).toString()).toBe('');
  });
});

describe('the gateway’s filter', () => {
  it('sends only what is set, the fixed fields laid over the URL’s', () => {
    const filter = filterOf({ organizationId: 'globex', action: 'user.deactivate' });
    expect(gatewayFilter(filter, { organizationId: 'acme' })).toEqual({
      organizationId: 'acme',
      action: 'user.deactivate',
    });
    expect(gatewayFilter(EMPTY_ACTIVITY_FILTER)).toEqual({});
  });

  it('turns whole days into times: from midnight of the first day to midnight after the last (exclusive)', () => {
    const result = gatewayFilter(filterOf({ from: '2026-03-01', to: '2026-03-31' }));
    expect(result.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(result.to).toBe(new Date(2026, 3, 1).toISOString());
  });

  it('knows when a person has filtered (the fixed fields do not count) and when a range is backwards', () => {
    expect(hasActiveFilter(filterOf({ organizationId: 'acme' }), { organizationId: 'acme' })).toBe(false);
    expect(hasActiveFilter(filterOf({ actor: 'a@b.test' }), { organizationId: 'acme' })).toBe(true);
    expect(timeRangeError({ from: '2026-03-02', to: '2026-03-01' })).toBe('The end date is before the start date.');
    expect(timeRangeError({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(timeRangeError({ from: '', to: '2026-03-01' })).toBeNull();
  });
});
