import { describe, expect, it } from 'vitest';
import { expiryText } from './credential-expiry.js';

describe('credential expiry in words', () => {
  it('counts the days left, rounded up, and those since it expired', () => {
    expect(expiryText(88)).toBe('Expires in 88 days');
    expect(expiryText(1)).toBe('Expires in 1 day');
    // 0 days left is expired (daysUntil rounds up: any time left is at least 1).
    expect(expiryText(0)).toBe('Expired');
    expect(expiryText(-1)).toBe('Expired 1 day ago');
    expect(expiryText(-12)).toBe('Expired 12 days ago');
  });
});
