import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatCount } from './numbers.js';

describe('formatCompactNumber', () => {
  it('shows numbers under a thousand as they are', () => {
    expect(formatCompactNumber(0)).toBe('0');
    expect(formatCompactNumber(999)).toBe('999');
    expect(formatCompactNumber(12.34)).toBe('12.3');
  });

  it('abbreviates thousands as k with one decimal', () => {
    expect(formatCompactNumber(1000)).toBe('1.0k');
    expect(formatCompactNumber(1500)).toBe('1.5k');
    expect(formatCompactNumber(3449)).toBe('3.4k');
    expect(formatCompactNumber(999_949)).toBe('999.9k');
  });

  it('abbreviates millions as M with one decimal, rolling over at the rounding edge', () => {
    expect(formatCompactNumber(999_950)).toBe('1.0M');
    expect(formatCompactNumber(1_000_000)).toBe('1.0M');
    expect(formatCompactNumber(12_345_678)).toBe('12.3M');
  });

  it('keeps the sign of negative numbers', () => {
    expect(formatCompactNumber(-2500)).toBe('-2.5k');
  });
});

describe('numbers in the reader’s locale', () => {
  it('groups exact counts as the locale does', () => {
    expect(formatCount(1_234_567, 'en-US')).toBe('1,234,567');
    expect(formatCount(1_234_567, 'de-DE')).toBe('1.234.567');
    expect(formatCount(12.6, 'en-US')).toBe('13');
  });

  it('keeps the spec’s k and M but writes the decimal as the locale does', () => {
    expect(formatCompactNumber(1500, 'de-DE')).toBe('1,5k');
    expect(formatCompactNumber(12_345_678, 'de-DE')).toBe('12,3M');
    expect(formatCompactNumber(1500, 'en-US')).toBe('1.5k');
  });
});
