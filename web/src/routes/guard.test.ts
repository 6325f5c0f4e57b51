import { MESSAGES } from '@meridian/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { dismissPasswordReminderToday } from '../lib/password-reminder.js';
import { decideGuard, type GuardUser } from './guard.js';
import { ROUTE_REQUIREMENTS } from './route-access.js';

const orgUser = (password: Partial<GuardUser> = {}): GuardUser => ({
  email: 'user@acme.test',
  role: 'orgUser',
  organizationId: 'acme',
  features: { 'feature:managed-providers': true },
  isPasswordExpiring: false,
  daysLeftForPasswordExpiry: 60,
  ...password,
});

const morning = new Date(2026, 10, 21, 8, 0);
const home = ROUTE_REQUIREMENTS.home;
const analytics = ROUTE_REQUIREMENTS.analytics;

beforeEach(() => localStorage.clear());

describe('guard order (spec section 4)', () => {
  it('1. no user record → the error page with its message, before anything else', () => {
    expect(decideGuard(null, analytics, {}, morning)).toEqual({ kind: 'user-missing', message: MESSAGES.userMissing });
  });

  it('2. a missing permission sends home with the permission message, even with an expiring password', () => {
    const expiring = orgUser({ isPasswordExpiring: true, daysLeftForPasswordExpiry: 0 });
    expect(decideGuard(expiring, analytics, {}, morning)).toEqual({
      kind: 'denied',
      message: 'You do not have permission to view that page.',
    });
  });

  it('2. a missing feature is refused like a missing permission', () => {
    const withoutFeature = { ...orgUser(), features: {} };
    expect(decideGuard(withoutFeature, ROUTE_REQUIREMENTS.managedProviders, { orgId: 'acme' }, morning).kind).toBe(
      'denied',
    );
  });

  it('3. an expiring password sends to the expiring-password page', () => {
    const expiring = orgUser({ isPasswordExpiring: true, daysLeftForPasswordExpiry: 5 });
    expect(decideGuard(expiring, home, {}, morning)).toEqual({ kind: 'expiring-password' });
  });

  it('allows a user with a fresh password onto a page they may see', () => {
    expect(decideGuard(orgUser(), home, {}, morning)).toEqual({ kind: 'allow' });
  });
});

describe('password-expiry day rule', () => {
  it('lets a user with a day or more left through once the reminder was dismissed today', () => {
    dismissPasswordReminderToday('user@acme.test', new Date(2026, 10, 21, 7, 30));
    for (const days of [1, 3, 14]) {
      const expiring = orgUser({ isPasswordExpiring: true, daysLeftForPasswordExpiry: days });
      expect(decideGuard(expiring, home, {}, morning)).toEqual({ kind: 'allow' });
    }
  });

  it('forces the page again on the next local day', () => {
    dismissPasswordReminderToday('user@acme.test', new Date(2026, 10, 21, 23, 59));
    const expiring = orgUser({ isPasswordExpiring: true, daysLeftForPasswordExpiry: 3 });
    expect(decideGuard(expiring, home, {}, new Date(2026, 10, 22, 0, 1))).toEqual({ kind: 'expiring-password' });
  });

  it('always forces it below one day left, dismissed or not', () => {
    dismissPasswordReminderToday('user@acme.test', morning);
    for (const days of [0, -3]) {
      const expired = orgUser({ isPasswordExpiring: true, daysLeftForPasswordExpiry: days });
      expect(decideGuard(expired, home, {}, morning)).toEqual({ kind: 'expiring-password' });
    }
  });
});
