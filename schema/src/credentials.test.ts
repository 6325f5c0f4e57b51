import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_LIFETIME_MESSAGE,
  CREDENTIAL_NAME_MESSAGE,
  credentialDaysToExpire,
  credentialExpiresAt,
  validateCredentialLifetime,
  validateCredentialName,
} from './credentials.js';

describe('credential rules', () => {
  it('takes a name of 1 to 80 characters without control characters', () => {
    expect(validateCredentialName('Nightly claims export')).toBeNull();
    expect(validateCredentialName('x'.repeat(80))).toBeNull();
    expect(validateCredentialName('x'.repeat(81))).toBe(CREDENTIAL_NAME_MESSAGE);
    expect(validateCredentialName('   ')).toBe(CREDENTIAL_NAME_MESSAGE);
    expect(validateCredentialName('a\u0007b')).toBe(CREDENTIAL_NAME_MESSAGE);
  });

  it('takes a lifetime of whole days from 1 to 90', () => {
    for (const days of [1, 30, 90]) expect(validateCredentialLifetime(days)).toBeNull();
    for (const days of [0, 91, 1.5, Number.NaN])
      expect(validateCredentialLifetime(days)).toBe(CREDENTIAL_LIFETIME_MESSAGE);
  });

  it('counts the days to expiry from the lifetime chosen, 90 when none was', () => {
    const generated = new Date('2026-11-01T00:00:00Z');
    const now = new Date('2026-11-11T00:00:00Z');
    expect(credentialDaysToExpire(generated, now)).toBe(80);
    expect(credentialDaysToExpire(generated, now, 30)).toBe(20);
    expect(credentialExpiresAt(generated, 30).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});
