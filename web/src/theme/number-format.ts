/**
 * Abbreviates large counts the way the console shows them (spec section 9): thousands as k and
 * millions as M, with one decimal (1.5k, 12.0M). Smaller numbers are shown as they are.
 */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  // Round to one decimal of the unit first, so 999,950 becomes 1.0M rather than 1000.0k.
  const thousands = Math.round(size / 100) / 10;
  if (size < 1000) return sign + (Number.isInteger(size) ? String(size) : size.toFixed(1));
  if (thousands < 1000) return `${sign}${thousands.toFixed(1)}k`;
  const millions = Math.round(size / 100_000) / 10;
  return `${sign}${millions.toFixed(1)}M`;
}
