import { describe, expect, it } from 'vitest';
import {
  credentialsBySoonest,
  expiryBuckets,
  isListPartial,
  type ExpiringCredentialInput,
} from './expiring-credentials.js';

const credential = (id: string, daysToExpire: number): ExpiringCredentialInput => {
  const expires = new Date(Date.UTC(2026, 2, 1) + daysToExpire * 86_400_000).toISOString();
  return { id, organizationId: 'acme', userEmail: null, generatedAt: expires, expiresAt: expires, daysToExpire };
};

describe('credentials expiring in the next 30 days', () => {
  it('counts them per week, every week listed, bounds included in the earlier week', () => {
    const buckets = expiryBuckets([0, 2, 7, 8, 14, 22, 30].map((days, i) => credential(`c${i}`, days)));
    expect(buckets).toEqual([
      { label: '0–7 days', count: 3, index: 0 },
      { label: '8–14 days', count: 2, index: 1 },
      { label: '15–21 days', count: 0, index: 2 },
      { label: '22–30 days', count: 2, index: 3 },
    ]);
  });

  it('keeps a credential past the window in the last week rather than losing it', () => {
    expect(expiryBuckets([credential('late', 31)])[3]!.count).toBe(1);
  });

  it('lists the soonest first, the same moment by id', () => {
    const sorted = credentialsBySoonest([credential('z', 9), credential('b', 1), credential('a', 1)]);
    expect(sorted.map((entry) => entry.id)).toEqual(['a', 'b', 'z']);
  });
});

describe('the listed expiring credentials', () => {
  it('are partial when the total is larger than the list', () => {
    expect(isListPartial(100, 100)).toBe(false);
    expect(isListPartial(100, 250)).toBe(true);
  });
});
