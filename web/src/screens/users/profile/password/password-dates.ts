import { DAY_MS, daysUntil } from '@meridian/schema';
import { dateOf, formatRelativeDays } from '../../../../lib/dates.js';

/** When a password expires, relative to now: "in 12 days", "within a day", "expired 3 days ago". */
export function passwordExpiryText(expiresAt: unknown, now: Date = new Date()): string {
  const date = dateOf(expiresAt);
  if (!date) return '';
  const days = daysUntil(date, now);
  if (days > 1) return formatRelativeDays(days);
  if (days === 1) return 'within a day';
  const ago = Math.floor((now.getTime() - date.getTime()) / DAY_MS);
  return ago === 0 ? 'expired today' : `expired ${formatRelativeDays(-ago)}`;
}
