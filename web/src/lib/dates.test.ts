import { describe, expect, it } from 'vitest';
import { dateOf, formatDate, formatDateTime, formatRelativeDays, NO_DATE } from './dates.js';

// Noon UTC: the same calendar day in every time zone the tests may run in, from UTC-11 to UTC+11.
const NOON = '2027-03-03T12:04:09Z';

describe('dates in the reader’s locale', () => {
  it('writes a date as the locale does', () => {
    expect(formatDate(NOON, 'en-US')).toBe('Mar 3, 2027');
    expect(formatDate(NOON, 'de-DE')).toBe('03.03.2027');
    expect(formatDate(new Date(NOON), 'en-GB')).toBe('3 Mar 2027');
  });

  it('writes a time with the locale’s clock, with seconds only when asked', () => {
    const us = formatDateTime(NOON, { locale: 'en-US' });
    expect(us).toMatch(/^Mar 3, 2027, \d{1,2}:\d{2}\s?[AP]M$/);
    const de = formatDateTime(NOON, { locale: 'de-DE' });
    expect(de).toMatch(/^03\.03\.2027, \d{2}:\d{2}$/);
    expect(formatDateTime(NOON, { locale: 'de-DE', seconds: true })).toMatch(/^03\.03\.2027, \d{2}:\d{2}:09$/);
  });

  it('shows a dash for no date or one that does not parse, instead of throwing', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDate('not a date', 'en-US')).toBe(NO_DATE);
    expect(formatDateTime(undefined)).toBe(NO_DATE);
    expect(dateOf('2027-13-45')).toBeNull();
    expect(dateOf(NOON)?.toISOString()).toBe('2027-03-03T12:04:09.000Z');
  });

  it('says days from now in the locale’s words', () => {
    expect(formatRelativeDays(12, 'en-US')).toBe('in 12 days');
    // Without a locale: the console's English sentences, whatever the reader's locale.
    expect(formatRelativeDays(12)).toBe('in 12 days');
    expect(formatRelativeDays(-1, 'en-US')).toBe('1 day ago');
    expect(formatRelativeDays(12, 'de-DE')).toBe('in 12 Tagen');
    expect(formatRelativeDays(-3, 'de-DE')).toBe('vor 3 Tagen');
  });
});
