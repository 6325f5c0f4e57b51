/** Shared by the console's tabs: activity in any tab keeps every tab signed in. */
export const LAST_ACTIVITY_KEY = 'meridian.lastActivity';

/** The warning comes this long before the idle sign-out (decisions.md: a minute before). */
export const IDLE_WARNING_MS = 60_000;

/**
 * Whether the idle timeout passed while no tab of the console was open (closed, or the laptop shut):
 * the latest activity any tab shared, or anything later known to have happened in the session
 * (`since`: the sign-in, the user's latest token), is `timeoutMs` or more ago. An open tab would have
 * signed out then; a tab opening now signs out instead of restoring the cache and going on. Nothing
 * shared (another browser, an older console) decides nothing.
 */
export function idleWhileAway(
  storage: Pick<Storage, 'getItem'>,
  timeoutMs: number,
  since: readonly (number | null | undefined)[] = [],
  now: number = Date.now(),
): boolean {
  let shared: number;
  try {
    shared = Number(storage.getItem(LAST_ACTIVITY_KEY) ?? 0) || 0;
  } catch {
    return false;
  }
  if (shared === 0) return false;
  const latest = Math.max(shared, ...since.map((at) => at ?? 0));
  return now - latest >= timeoutMs;
}

/** What counts as the user being there. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/** Activity is written for other tabs at most this often (pointer moves come by the hundred). */
const SHARE_EVERY_MS = 5_000;

const TICK_MS = 1_000;

export interface IdleTrackerOptions {
  timeoutMs: number;
  warningMs?: number;
  /** Seconds left, every second while the warning is due. */
  onWarning(secondsLeft: number): void;
  /** Activity came back during the warning. */
  onActive(): void;
  /** The timeout passed without activity. Called once. */
  onIdle(): void;
  now?: () => number;
  /** Where activity is shared with other tabs (localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Where activity events are listened for. */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Signs the console out after `timeoutMs` without activity in any of its tabs, announcing it
 * `warningMs` before. Time is measured from the latest activity of this tab or any other (shared
 * through storage), checked every second, and at once when the page becomes visible (hidden tabs'
 * timers are throttled by the browser).
 */
export class IdleTracker {
  private readonly now: () => number;
  private readonly warningMs: number;
  private lastActivity: number;
  private lastShared = 0;
  private warning = false;
  private idle = false;

  constructor(private readonly options: IdleTrackerOptions) {
    this.now = options.now ?? Date.now;
    this.warningMs = options.warningMs ?? IDLE_WARNING_MS;
    this.lastActivity = this.now();
  }

  /** Starts watching (opening the console counts as activity); returns the stop function. */
  start(): () => void {
    const target = this.options.target ?? window;
    const onActivity = () => this.markActivity();
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.tick();
    };
    for (const event of ACTIVITY_EVENTS) target.addEventListener(event, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    this.markActivity(true);
    const timer = setInterval(() => this.tick(), TICK_MS);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
    };
  }

  /** The user did something (or chose to stay signed in: `share` tells other tabs at once). */
  markActivity(share = false): void {
    if (this.idle) return;
    const now = this.now();
    this.lastActivity = now;
    if (share || now - this.lastShared >= SHARE_EVERY_MS) {
      this.lastShared = now;
      try {
        this.options.storage?.setItem(LAST_ACTIVITY_KEY, String(now));
      } catch {
        // storage full or refused: this tab still counts its own activity
      }
    }
    if (this.warning) this.tick();
  }

  /** The latest activity of any tab. */
  latestActivity(): number {
    let stored: string | null | undefined = null;
    try {
      stored = this.options.storage?.getItem(LAST_ACTIVITY_KEY);
    } catch {
      // unreadable: this tab's own activity decides
    }
    return Math.max(this.lastActivity, Number(stored ?? 0) || 0);
  }

  /** Decides: nothing, warn (seconds left), back to active, or idle. */
  tick(): void {
    if (this.idle) return;
    const left = this.options.timeoutMs - (this.now() - this.latestActivity());
    if (left <= 0) {
      this.idle = true;
      this.options.onIdle();
    } else if (left <= this.warningMs) {
      this.warning = true;
      this.options.onWarning(Math.ceil(left / 1000));
    } else if (this.warning) {
      this.warning = false;
      this.options.onActive();
    }
  }
}
