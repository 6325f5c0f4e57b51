/** Dates as the console shows them: in the browser's time zone, in US English ("Mar 3, 2027"). */
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function parsed(value: unknown): Date | null {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 3, 2027"; an em dash for no date. */
export function formatDate(value: unknown): string {
  const date = parsed(value);
  return date ? DATE.format(date) : '—';
}

/** "Mar 3, 2027, 10:04 AM"; an em dash for no date. */
export function formatDateTime(value: unknown): string {
  const date = parsed(value);
  return date ? DATE_TIME.format(date) : '—';
}

/** A DateTime scalar as a Date, or null. */
export function dateOf(value: unknown): Date | null {
  return parsed(value);
}
