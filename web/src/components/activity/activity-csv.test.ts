import { describe, expect, it, vi } from 'vitest';
import type { ActivityEvent_EventFragment } from '../../gql/graphql.js';
import {
  activityCsv,
  activityCsvFileName,
  collectAllEvents,
  EXPORT_CURSOR_MESSAGE,
  type EventPage,
} from './activity-csv.js';
import { auditEventRecord } from './test-support.js';

/** A gateway of `total` events served `size` at a time, recording the cursors it was asked after. */
function pagedFetch(total: number, size: number) {
  const asked: (string | null)[] = [];
  const fetchPage = vi.fn((after: string | null): Promise<EventPage<number>> => {
    asked.push(after);
    const start = after === null ? 0 : Number(after.replace('c', ''));
    const events = Array.from({ length: Math.min(size, total - start) }, (_, i) => start + i);
    const end = start + events.length;
    return Promise.resolve({ events, endCursor: events.length ? `c${end}` : null, hasNextPage: end < total });
  });
  return { fetchPage, asked };
}

describe('collecting every event of a filter', () => {
  it('follows the end cursors until the last page, in order', async () => {
    const { fetchPage, asked } = pagedFetch(2500, 1000);
    const progress: number[] = [];
    const events = await collectAllEvents(fetchPage, { onProgress: (count) => progress.push(count) });
    expect(events).toHaveLength(2500);
    expect(events.slice(998, 1002)).toEqual([998, 999, 1000, 1001]);
    expect(asked).toEqual([null, 'c1000', 'c2000']);
    expect(progress).toEqual([1000, 2000, 2500]);
  });

  it('asks once when everything fits one page, and answers nothing for no events', async () => {
    const { fetchPage } = pagedFetch(0, 1000);
    expect(await collectAllEvents(fetchPage)).toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('stops rather than loop when a page says "more" without a new cursor', async () => {
    const stuck = () => Promise.resolve({ events: [1], endCursor: null, hasNextPage: true });
    await expect(collectAllEvents(stuck)).rejects.toThrow(EXPORT_CURSOR_MESSAGE);
    const same = (after: string | null) =>
      Promise.resolve({ events: [1], endCursor: 'c1', hasNextPage: after !== 'x' });
    await expect(collectAllEvents(same)).rejects.toThrow(EXPORT_CURSOR_MESSAGE);
  });

  it('stops between pages when aborted', async () => {
    const controller = new AbortController();
    const { fetchPage } = pagedFetch(5000, 1000);
    fetchPage.mockImplementationOnce(() => {
      controller.abort();
      return Promise.resolve({ events: [0], endCursor: 'c1', hasNextPage: true });
    });
    await expect(collectAllEvents(fetchPage, { signal: controller.signal })).rejects.toThrow();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

describe('the CSV', () => {
  const event = (overrides: Record<string, unknown> = {}) =>
    auditEventRecord(overrides) as unknown as ActivityEvent_EventFragment;

  it('has one header row and one row per event, the event in words and its changes', () => {
    const csv = activityCsv(
      [
        event(),
        event({
          id: '2',
          actor: 'meridian-cli',
          actorName: null,
          actorKind: 'CLIENT',
          action: 'organization.update',
          targetType: 'ORGANIZATION',
          targetId: 'acme',
          changes: [{ field: 'name', before: 'Acme, Inc', after: '=Acme' }],
          details: [{ name: 'reason', value: 'x' }],
          requestId: null,
          clientIp: null,
        }),
      ],
      'Meridian',
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Event,Action,Actor,Actor name,Actor kind,Actor role,Actor organization,Organization,Target type,Target,Changes,Details,Request id,Client IP',
    );
    expect(lines[1]).toBe(
      '2026-03-02T10:15:00.000Z,A. Operator deactivated j.doe@acme.test,user.deactivate,admin@meridian.test,A. Operator,User,Meridian Admin,meridian,acme,USER,j.doe@acme.test,active: true → false,,req-123,10.0.0.7',
    );
    // A value with a comma is quoted (the shared csv rules).
    expect(lines[2]).toBe(
      '2026-03-02T10:15:00.000Z,meridian-cli (internal tool) updated organization acme (name),organization.update,meridian-cli,,Internal tool,Meridian Admin,meridian,acme,ORGANIZATION,acme,"name: Acme, Inc → =Acme",reason: x,,',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('is named after what was filtered and the day', () => {
    const day = new Date('2026-03-02T12:00:00Z');
    expect(activityCsvFileName('j.doe@acme.test', day)).toBe('activity-j-doe-acme-test-2026-03-02.csv');
    expect(activityCsvFileName('', day)).toBe('activity-all-2026-03-02.csv');
  });
});
