import { sessionEndedMessage, SESSION_ENDED_MESSAGES, type AuthFailure, type GatewayVerdict } from './session-ended.js';

/** How a refresh-token grant went: renewed, refused by the provider (invalid_grant), or no answer. */
export type RefreshOutcome = 'renewed' | 'refused' | 'unavailable';

/** Every 30 s while the page is visible: a session ended elsewhere is noticed within 60 s (issue 4). */
export const SESSION_CHECK_INTERVAL_MS = 30_000;

/**
 * Every gateway hears of an ended session within a second (it follows the platform's feed): a token it
 * still takes after a refused refresh is asked about once more after this, so an administrator's
 * sign-out that the gateway had not heard of yet is not told as a sign-out elsewhere.
 */
export const ENDED_SESSION_FEED_LAG_MS = 1_500;

export interface SessionWatchDeps {
  /** A refresh-token grant (the only thing that fails when the session ended at the provider). */
  refresh(): Promise<RefreshOutcome>;
  /** Asks the gateway about the current access token (tells a deactivated user apart). */
  checkGateway(): Promise<GatewayVerdict>;
  /** Signs the console out, showing `message`. Called at most once. */
  endSession(message: string): void;
  /** When the current sign-in happened, if known. */
  signedInAt(): number | null;
  sessionMaxMs: number;
  now?: () => number;
  intervalMs?: number;
  isVisible?: () => boolean;
  /** Waits `ms` (a timer; tests pass their own). */
  wait?: (ms: number) => Promise<void>;
}

/**
 * Notices a session ended elsewhere (signed out at the provider, user deactivated, refresh token
 * revoked) and ends it here with the reason. The provider has no session management to watch
 * (stack.md), so the watch asks: every interval while the page is visible, and at once when it becomes
 * visible after a longer pause, it refreshes the tokens; a refused refresh is classified with one
 * question to the gateway. Requests that fail with an auth error report here too.
 */
export class SessionWatch {
  private readonly now: () => number;
  private readonly intervalMs: number;
  private readonly isVisible: () => boolean;
  private running: Promise<void> | null = null;
  private lastCheck: number;
  private ended = false;
  /** Stopped (signed out here meanwhile): a check still under way must not end the session again. */
  private stopped = false;

  constructor(private readonly deps: SessionWatchDeps) {
    this.now = deps.now ?? Date.now;
    this.intervalMs = deps.intervalMs ?? SESSION_CHECK_INTERVAL_MS;
    this.isVisible = deps.isVisible ?? (() => document.visibilityState === 'visible');
    this.lastCheck = this.now();
  }

  /** Starts the periodic check; returns the stop function. */
  start(): () => void {
    const timer = setInterval(() => {
      if (this.isVisible()) void this.check();
    }, this.intervalMs);
    const onVisible = () => {
      if (this.isVisible() && this.now() - this.lastCheck >= this.intervalMs) void this.check();
    };
    document.addEventListener('visibilitychange', onVisible);
    this.stopped = false;
    return () => {
      this.stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }

  /** One check (concurrent callers share it). */
  check(): Promise<void> {
    this.running ??= this.runCheck().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A request failed with an auth error: a deactivated user ends at once; a refused token is checked. */
  async reportAuthFailure(failure: AuthFailure): Promise<void> {
    if (failure === 'inactive') this.end(SESSION_ENDED_MESSAGES.inactiveUser);
    else await this.check();
  }

  private async runCheck(): Promise<void> {
    if (this.ended || this.stopped) return;
    this.lastCheck = this.now();
    const outcome = await this.deps.refresh();
    if (outcome !== 'refused') return;
    let gateway = await this.deps.checkGateway();
    if (gateway === 'ok') {
      const wait = this.deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
      await wait(ENDED_SESSION_FEED_LAG_MS);
      if (this.ended || this.stopped) return;
      gateway = await this.deps.checkGateway();
    }
    this.end(
      sessionEndedMessage({
        gateway,
        signedInAt: this.deps.signedInAt(),
        now: this.now(),
        sessionMaxMs: this.deps.sessionMaxMs,
      }),
    );
  }

  private end(message: string): void {
    // A sign-out here stops the watch; its own revocation then makes an unfinished check's refresh fail,
    // which must not replace the sign-out's reason (idle) with a wrong one (expired).
    if (this.ended || this.stopped) return;
    this.ended = true;
    this.deps.endSession(message);
  }
}
