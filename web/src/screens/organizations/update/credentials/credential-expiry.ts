/** A credential's expiry in words: "Expires in 12 days", "Expires today", "Expired 3 days ago". */
export function expiryText(daysToExpire: number): string {
  if (daysToExpire > 1) return `Expires in ${daysToExpire} days`;
  if (daysToExpire === 1) return 'Expires tomorrow';
  if (daysToExpire === 0) return 'Expires today';
  const ago = -daysToExpire;
  return ago === 1 ? 'Expired yesterday' : `Expired ${ago} days ago`;
}
