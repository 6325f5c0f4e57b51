import { describe, expect, it } from 'vitest';
import { expiryText } from './credential-expiry.js';

describe('credential expiry in words', () => {
  it('counts down and then back', () => {
    expect(expiryText(12)).toBe('Expires in 12 days');
    expect(expiryText(1)).toBe('Expires tomorrow');
    expect(expiryText(0)).toBe('Expires today');
    expect(expiryText(-1)).toBe('Expired yesterday');
    expect(expiryText(-3)).toBe('Expired 3 days ago');
  });
});
