/** When the current sign-in completed (shared by tabs, like the user): tells an expired sign-in apart. */
const SIGNED_IN_AT_KEY = 'meridian.signedInAt';

export function recordSignInTime(now: number = Date.now()): void {
  try {
    localStorage.setItem(SIGNED_IN_AT_KEY, String(now));
  } catch {
    // without it an expired sign-in reads as "signed out elsewhere"; nothing else depends on it
  }
}

export function signInTime(): number | null {
  try {
    const value = Number(localStorage.getItem(SIGNED_IN_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function clearSignInTime(): void {
  try {
    localStorage.removeItem(SIGNED_IN_AT_KEY);
  } catch {
    // nothing stored
  }
}
