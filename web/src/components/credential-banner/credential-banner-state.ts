import { localCalendarDay } from '../../lib/password-reminder.js';

/** A data-access credential as the session user carries it (Viewer.dataAccessInfo). */
export interface DataAccessEntry {
  id: string;
  active: boolean;
  /** ISO date and time the credential was generated. */
  generatedAt: string;
  /** Whole days until it expires; 0 or less once expired. */
  daysToExpire: number;
}

/** Spec sections 4 and 9: warn at 7 days or fewer, red at 3 or fewer. */
export const BANNER_WARNING_DAYS = 7;
export const BANNER_ERROR_DAYS = 3;
export const CREDENTIAL_EXPIRED_TEXT = 'Your Data Access Credential has expired!';
export const GET_NEW_CREDENTIAL_TEXT = 'Get New Credential';

/** 'Your Data Access Credential will expire in {n} days.' ('1 day' when one is left). */
export function credentialExpiresText(days: number): string {
  return `Your Data Access Credential will expire in ${days} ${days === 1 ? 'day' : 'days'}.`;
}

/** The active entry generated last: the credential the user is working with now. */
export function latestActiveEntry(entries: readonly DataAccessEntry[]): DataAccessEntry | null {
  let latest: DataAccessEntry | null = null;
  for (const entry of entries) {
    if (!entry.active) continue;
    if (!latest || Date.parse(entry.generatedAt) > Date.parse(latest.generatedAt)) latest = entry;
  }
  return latest;
}

export interface CredentialBannerState {
  intent: 'danger' | 'warning';
  text: string;
  daysToExpire: number;
}

/** What the banner shows, or null when it stays hidden. */
export function credentialBannerState(
  entries: readonly DataAccessEntry[],
  dismissedToday: boolean,
): CredentialBannerState | null {
  const entry = latestActiveEntry(entries);
  if (!entry || dismissedToday || entry.daysToExpire > BANNER_WARNING_DAYS) return null;
  const days = entry.daysToExpire;
  return {
    intent: days <= BANNER_ERROR_DAYS ? 'danger' : 'warning',
    text: days <= 0 ? CREDENTIAL_EXPIRED_TEXT : credentialExpiresText(days),
    daysToExpire: days,
  };
}

/** Dismissals are kept per user, so another user of the same browser still sees their own banner. */
export function bannerDismissalKey(email: string): string {
  return `meridian.credentialBannerDismissedAt:${email.toLowerCase()}`;
}

/** Stores when the banner was dismissed; it stays hidden for the rest of that local calendar day. */
export function dismissCredentialBanner(email: string, now: Date = new Date()): void {
  try {
    localStorage.setItem(bannerDismissalKey(email), now.toISOString());
  } catch {
    // Storage refused: the banner is hidden until the page reloads.
  }
}

export function credentialBannerDismissedToday(email: string, now: Date = new Date()): boolean {
  try {
    const stored = localStorage.getItem(bannerDismissalKey(email));
    if (!stored || Number.isNaN(Date.parse(stored))) return false;
    return localCalendarDay(new Date(stored)) === localCalendarDay(now);
  } catch {
    return false;
  }
}
