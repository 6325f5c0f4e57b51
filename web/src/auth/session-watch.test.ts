import { MESSAGES } from '@meridian/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatewayVerdict } from './session-ended.js';
import {
  ENDED_SESSION_FEED_LAG_MS,
  SessionWatch,
  SESSION_CHECK_INTERVAL_MS,
  type RefreshOutcome,
} from './session-watch.js';

interface Scenario {
  refresh: RefreshOutcome;
  gateway: GatewayVerdict;
  visible: boolean;
}

function watchWith(scenario: Scenario, later?: GatewayVerdict) {
  const ended: { message: string; at: number }[] = [];
  const calls = { refresh: 0, gateway: 0 };
  const watch = new SessionWatch({
    refresh: async () => {
      calls.refresh += 1;
      return scenario.refresh;
    },
    checkGateway: async () => {
      calls.gateway += 1;
      return calls.gateway > 1 && later ? later : scenario.gateway;
    },
    endSession: (message) => ended.push({ message, at: Date.now() }),
    signedInAt: () => Date.now() - 60_000,
    sessionMaxMs: 12 * 3_600_000,
    isVisible: () => scenario.visible,
  });
  return { watch, ended, calls };
}

describe('the session watch', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('signs out within 60 s of a sign-out elsewhere, saying so', async () => {
    const scenario: Scenario = { refresh: 'renewed', gateway: 'ok', visible: true };
    const { watch, ended } = watchWith(scenario);
    stop = watch.start();
    const endedElsewhereAt = Date.now() + 1_000;
    await vi.advanceTimersByTimeAsync(1_000);
    scenario.refresh = 'refused';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.message).toBe('Your session ended because you signed out elsewhere.');
    expect(ended[0]!.at - endedElsewhereAt).toBeLessThanOrEqual(60_000);
  });

  it('tells a deactivated user why', async () => {
    const { watch, ended } = watchWith({ refresh: 'refused', gateway: 'inactive', visible: true });
    stop = watch.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(ended.map((entry) => entry.message)).toEqual([MESSAGES.inactiveUser]);
  });

  it('does nothing while the session renews, and asks the gateway only after a refusal', async () => {
    const { watch, ended, calls } = watchWith({ refresh: 'renewed', gateway: 'ok', visible: true });
    stop = watch.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 4);
    expect(calls).toEqual({ refresh: 4, gateway: 0 });
    expect(ended).toHaveLength(0);
  });

  it('keeps the session when the provider cannot be reached', async () => {
    const { watch, ended } = watchWith({ refresh: 'unavailable', gateway: 'unreachable', visible: true });
    stop = watch.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(ended).toHaveLength(0);
  });

  it('checks a hidden page when it shows again, not while hidden', async () => {
    const scenario: Scenario = { refresh: 'refused', gateway: 'ok', visible: false };
    const { watch, ended, calls } = watchWith(scenario);
    stop = watch.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(calls.refresh).toBe(0);
    scenario.visible = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.refresh).toBe(1);
    await vi.advanceTimersByTimeAsync(ENDED_SESSION_FEED_LAG_MS);
    expect(ended).toHaveLength(1);
  });

  it('tells an administrator’s sign-out as theirs, though the gateway had not heard of it at the first question', async () => {
    // The provider refuses at once; the gateway follows the feed of ended sessions within a second.
    const { watch, ended, calls } = watchWith(
      { refresh: 'refused', gateway: 'ok', visible: true },
      { ended: MESSAGES.signedOutByAdministrator },
    );
    stop = watch.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(ended).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(ENDED_SESSION_FEED_LAG_MS);
    expect(calls.gateway).toBe(2);
    expect(ended.map((entry) => entry.message)).toEqual(['An administrator signed you out.']);
  });

  it('never ends a session it stopped watching, even from a check under way (the sign-out keeps its reason)', async () => {
    let refuse: (outcome: RefreshOutcome) => void = () => undefined;
    const ended: string[] = [];
    const watch = new SessionWatch({
      refresh: () => new Promise((resolve) => (refuse = resolve)),
      checkGateway: async () => 'unauthenticated',
      endSession: (message) => ended.push(message),
      signedInAt: () => null,
      sessionMaxMs: 12 * 3_600_000,
      isVisible: () => true,
    });
    const stopWatching = watch.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    // Signed out here meanwhile (idle): the watch stops, and the revoked token refuses the refresh.
    stopWatching();
    refuse('refused');
    await vi.advanceTimersByTimeAsync(0);
    await watch.reportAuthFailure('inactive');
    expect(ended).toEqual([]);
  });

  it('ends at once for a request refused as inactive, and checks on a refused token', async () => {
    const first = watchWith({ refresh: 'renewed', gateway: 'ok', visible: true });
    await first.watch.reportAuthFailure('inactive');
    expect(first.ended.map((entry) => entry.message)).toEqual([MESSAGES.inactiveUser]);
    expect(first.calls.refresh).toBe(0);

    const second = watchWith({ refresh: 'refused', gateway: 'unauthenticated', visible: true });
    await Promise.all([
      second.watch.reportAuthFailure('unauthenticated'),
      second.watch.reportAuthFailure('unauthenticated'),
    ]);
    expect(second.calls.refresh).toBe(1);
    expect(second.ended.map((entry) => entry.message)).toEqual(['Your session has expired. Please sign in again.']);
  });
});
