/**
 * The expiring-password reminder: 'Remind me later' dismisses it for the rest of the browser's local
 * calendar day (spec section 4, guard 3), for the user who dismissed it: another user of the same
 * browser still gets their own reminder (like the credential banner). The route guard reads it; the
 * expiring-password page writes it.
 */

/** localStorage key holding the local date (YYYY-MM-DD) `email` last dismissed the reminder on. */
export function passwordReminderKey(email: string): string {
  return `meridian.passwordReminderDismissedOn:${email.toLowerCase()}`;
}

/** The local calendar day of `now`, e.g. 2026-11-21 (not UTC: the user's day ends at their midnight). */
export function localCalendarDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether the user may put the change off: only while at least one whole day is left. */
export function canRemindLater(daysLeftForPasswordExpiry: number): boolean {
  return daysLeftForPasswordExpiry >= 1;
}

/** Hides `email`'s reminder until the local day ends. */
export function dismissPasswordReminderToday(email: string, now: Date = new Date()): void {
  try {
    localStorage.setItem(passwordReminderKey(email), localCalendarDay(now));
  } catch {
    // Storage refused (private mode, quota): the reminder simply shows again.
  }
}

/** True when `email` chose 'Remind me later' earlier on the same local day. */
export function passwordReminderDismissedToday(email: string, now: Date = new Date()): boolean {
  try {
    return localStorage.getItem(passwordReminderKey(email)) === localCalendarDay(now);
  } catch {
    return false;
  }
}

/**
 * Guard 3 of spec section 4: an expiring password sends the user to the expiring-password page unless
 * at least one day is left and the reminder was dismissed today; below one day it is always forced.
 */
export function mustVisitExpiringPassword(
  user: { email: string; isPasswordExpiring: boolean; daysLeftForPasswordExpiry: number },
  now: Date = new Date(),
): boolean {
  if (!user.isPasswordExpiring) return false;
  return !(canRemindLater(user.daysLeftForPasswordExpiry) && passwordReminderDismissedToday(user.email, now));
}
