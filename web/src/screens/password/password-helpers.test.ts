import { describe, expect, it } from 'vitest';
import { expiryText } from './expiry-text.js';
import { returnPathOf } from './return-path.js';

describe('returnPathOf', () => {
  it('follows the page the guard came from, within the console only', () => {
    expect(returnPathOf({ from: '/analytics/overview' })).toBe('/analytics/overview');
    expect(returnPathOf({ from: { pathname: '/admin/org-management', search: '?page=2', hash: '' } })).toBe(
      '/admin/org-management?page=2',
    );
    expect(returnPathOf(null)).toBe('/');
    expect(returnPathOf({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPathOf({ from: '//evil.example/' })).toBe('/');
    expect(returnPathOf({ from: '/expiring-password' })).toBe('/');
  });
});

describe('expiryText', () => {
  it('counts the days left, and says when the password has expired', () => {
    expect(expiryText(3).lead).toContain('expires in 3 days');
    expect(expiryText(1).lead).toContain('expires in 1 day.');
    expect(expiryText(0).title).toBe('Your password has expired');
  });
});
