import { formatRelativeDays } from './dates.js';

/**
 * A credential's expiry in words, from its daysToExpire (whole days left, rounded up; 0 or less once
 * expired: schema's daysUntil): "Expires in 12 days", "Expires in 1 day", "Expired", "Expired 3 days
 * ago" (the days in the reader's locale). Users' and organizations' credentials read alike.
 */
export function expiryText(daysToExpire: number): string {
  if (daysToExpire === 0) return 'Expired';
  return `${daysToExpire > 0 ? 'Expires' : 'Expired'} ${formatRelativeDays(daysToExpire)}`;
}
