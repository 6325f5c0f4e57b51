import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTracker, LAST_ACTIVITY_KEY, idleWhileAway } from './idle.js';

const MINUTE = 60_000;

function tracker() {
  const events: { kind: 'warning' | 'active' | 'idle'; at: number; secondsLeft?: number }[] = [];
  const start = Date.now();
  const idle = new IdleTracker({
    timeoutMs: 30 * MINUTE,
    storage: localStorage,
    onWarning: (secondsLeft) => events.push({ kind: 'warning', at: Date.now() - start, secondsLeft }),
    onActive: () => events.push({ kind: 'active', at: Date.now() - start }),
    onIdle: () => events.push({ kind: 'idle', at: Date.now() - start }),
  });
  return { idle, events, first: (kind: string) => events.find((event) => event.kind === kind) };
}

describe('the idle sign-out', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('warns at 29 minutes without activity and signs out at 30', async () => {
    const { idle, events, first } = tracker();
    stop = idle.start();
    await vi.advanceTimersByTimeAsync(29 * MINUTE - 1_000);
    expect(events).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first('warning')).toEqual({ kind: 'warning', at: 29 * MINUTE, secondsLeft: 60 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(events.at(-1)).toEqual({ kind: 'warning', at: 29 * MINUTE + 30_000, secondsLeft: 30 });
    expect(first('idle')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(first('idle')).toEqual({ kind: 'idle', at: 30 * MINUTE });
    // Once.
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(events.filter((event) => event.kind === 'idle')).toHaveLength(1);
  });

  it('starts counting again at any activity, and a warning goes away when the user stays', async () => {
    const { idle, events, first } = tracker();
    stop = idle.start();
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.advanceTimersByTimeAsync(29 * MINUTE - 1_000);
    expect(events).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first('warning')?.at).toBe(49 * MINUTE);

    idle.markActivity(true);
    expect(events.at(-1)).toEqual({ kind: 'active', at: 49 * MINUTE });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(first('idle')).toBeUndefined();
  });

  it("counts activity in the console's other tabs", async () => {
    const { idle, first } = tracker();
    stop = idle.start();
    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    // Another tab records its activity in shared storage.
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(first('warning')).toBeUndefined();
    expect(first('idle')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(first('idle')?.at).toBe(55 * MINUTE);
  });

  it('shares its own activity with other tabs, at most every few seconds', async () => {
    const { idle } = tracker();
    stop = idle.start();
    const startedAt = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
    expect(startedAt).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(1_000);
    window.dispatchEvent(new Event('pointermove'));
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(startedAt);
    await vi.advanceTimersByTimeAsync(5_000);
    window.dispatchEvent(new Event('pointermove'));
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(Date.now());
  });
});

describe('the idle timeout passed while no tab was open', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const storage = (lastActivity?: number) => ({
    getItem: (key: string) => (key === LAST_ACTIVITY_KEY && lastActivity !== undefined ? String(lastActivity) : null),
  });

  it('when the latest shared activity is the timeout or more ago', () => {
    expect(idleWhileAway(storage(now - 30 * MINUTE), 30 * MINUTE, [], now)).toBe(true);
    expect(idleWhileAway(storage(now - 30 * MINUTE + 1), 30 * MINUTE, [], now)).toBe(false);
  });

  it('not when the session did something since (a sign-in, a new token), nor when nothing was shared', () => {
    expect(idleWhileAway(storage(now - 3 * 60 * MINUTE), 30 * MINUTE, [now - MINUTE, null], now)).toBe(false);
    expect(idleWhileAway(storage(), 30 * MINUTE, [now - 3 * 60 * MINUTE], now)).toBe(false);
    const unreadable = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(idleWhileAway(unreadable, 30 * MINUTE, [], now)).toBe(false);
  });
});
