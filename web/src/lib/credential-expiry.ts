/**
 * A credential's expiry in words, from its daysToExpire (whole days left, rounded up; 0 or less once
 * expired: schema's daysUntil): "Expires in 12 days", "Expires in 1 day", "Expired", "Expired 3 days
 * ago". Users' and organizations' credentials read alike.
 */
export function expiryText(daysToExpire: number): string {
  if (daysToExpire > 1) return `Expires in ${daysToExpire} days`;
  if (daysToExpire === 1) return 'Expires in 1 day';
  if (daysToExpire === 0) return 'Expired';
  const ago = -daysToExpire;
  return `Expired ${ago} ${ago === 1 ? 'day' : 'days'} ago`;
}
