/**
 * Numbers as the console shows them, in the reader's locale (the browser's; `locale` for tests):
 * counts exact with grouping ("1,234"), large counts abbreviated (spec section 9).
 */
const formats = new Map<string, Intl.NumberFormat>();
function formatOf(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** "1,234" (en-US), "1.234" (de-DE): an exact count. */
export function formatCount(value: number, locale?: string): string {
  return formatOf(locale, { maximumFractionDigits: 0 }).format(value);
}

/**
 * Thousands as k and millions as M with one decimal (1.5k, 12.0M; spec section 9); smaller numbers as
 * they are. Intl's compact notation says "1.5K" in en-US and "1,5 Tsd." in de-DE, not the spec's
 * letters, so only the digits come from Intl (the locale's decimal sign).
 */
export function formatCompactNumber(value: number, locale?: string): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  const oneDecimal = (n: number) => formatOf(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
  if (size < 1000) return sign + (Number.isInteger(size) ? String(size) : oneDecimal(size));
  // Round to one decimal of the unit first, so 999,950 becomes 1.0M rather than 1000.0k.
  const thousands = Math.round(size / 100) / 10;
  if (thousands < 1000) return `${sign}${oneDecimal(thousands)}k`;
  return `${sign}${oneDecimal(Math.round(size / 100_000) / 10)}M`;
}
