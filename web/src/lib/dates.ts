/**
 * Dates, times and relative days as the console shows them: in the reader's locale and time zone (the
 * browser's; `locale` is for tests and callers that know better). One formatter per locale and style.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A DateTime scalar (ISO text) or Date as a Date, or null for none or one that does not parse. */
export function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What a missing or unreadable date shows (Intl throws on an invalid one; the page must not break). */
export const NO_DATE = '—';

/** "Mar 3, 2027" (en-US), "03.03.2027" (de-DE); an em dash for no date. */
export function formatDate(value: unknown, locale?: string): string {
  const date = dateOf(value);
  return date ? formatOf(locale, { dateStyle: 'medium' }).format(date) : NO_DATE;
}

/**
 * "Mar 3, 2027, 10:04 AM" (en-US), "03.03.2027, 10:04" (de-DE); with `seconds` "10:04:09 AM", for
 * events whose order within a minute matters. An em dash for no date.
 */
export function formatDateTime(
  value: unknown,
  { locale, seconds = false }: { locale?: string; seconds?: boolean } = {},
) {
  const date = dateOf(value);
  return date
    ? formatOf(locale, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' }).format(date)
    : NO_DATE;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * The console's own language. Relative days are words inside its English sentences ("Expires in 12
 * days"), so they are written in it, not in the reader's locale ("Expires in 12 Tagen" would be neither).
 */
const INTERFACE_LANGUAGE = 'en';

/** Whole days from now: "in 12 days", "1 day ago"; with a locale, "in 12 Tagen", "vor 1 Tag" (de-DE). */
export function formatRelativeDays(days: number, locale: string = INTERFACE_LANGUAGE): string {
  const key = locale;
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    relativeFormats.set(key, format);
  }
  return format.format(days, 'day');
}
