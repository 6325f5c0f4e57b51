/**
 * The reason of the last forced sign-out, kept in this tab's sessionStorage so it survives the trip
 * to the provider's end-session page and back, and is shown once on the signed-out screen.
 */
const REASON_KEY = 'meridian.signOutReason';

export function rememberSignOutReason(reason: string): void {
  try {
    sessionStorage.setItem(REASON_KEY, reason);
  } catch {
    // Storage refused (private mode quota): the reason is not shown, the sign-out still happens.
  }
}

/** The pending reason without removing it (to decide what to render). */
export function peekSignOutReason(): string | null {
  try {
    return sessionStorage.getItem(REASON_KEY);
  } catch {
    return null;
  }
}

/** The pending reason, removed: a reason is shown once. */
export function consumeSignOutReason(): string | null {
  const reason = peekSignOutReason();
  try {
    sessionStorage.removeItem(REASON_KEY);
  } catch {
    // nothing to clean
  }
  return reason;
}
