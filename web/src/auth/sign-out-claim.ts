/** The lock the tabs race for when they go idle together (they share the latest activity). */
const IDLE_SIGN_OUT_LOCK = 'meridian-idle-sign-out';

/**
 * Claims the idle sign-out for this tab: true for the first tab to ask, false for the others while it
 * is under way. Tabs idle at the same moment (their timers read the same shared activity, and hidden
 * tabs' timers fire together), and two tabs at the provider's end-session page at once leave one on
 * the provider's error page; the others wait for the winner's broadcast instead. The claim is held
 * until this page goes (to the provider). Without Web Locks every tab claims it, as before.
 */
export function claimIdleSignOut(locks: LockManager | undefined = globalThis.navigator?.locks): Promise<boolean> {
  if (!locks?.request) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    locks
      .request(IDLE_SIGN_OUT_LOCK, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // Held for the rest of this page's life: it is leaving for the provider's sign-out.
        return lock ? new Promise<never>(() => undefined) : undefined;
      })
      .catch(() => resolve(true));
  });
}
