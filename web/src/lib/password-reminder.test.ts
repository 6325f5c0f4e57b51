import { afterEach, describe, expect, it } from 'vitest';
import {
  canRemindLater,
  dismissPasswordReminderToday,
  localCalendarDay,
  mustVisitExpiringPassword,
  passwordReminderDismissedToday,
  passwordReminderKey,
} from './password-reminder.js';

const EMAIL = 'expiring@acme.test';

// Local times (no Z): the reminder follows the browser's calendar, not UTC.
const morning = new Date(2026, 10, 21, 8, 0);
const lateEvening = new Date(2026, 10, 21, 23, 59, 59);
const nextMidnight = new Date(2026, 10, 22, 0, 0, 1);

describe('password reminder', () => {
  afterEach(() => localStorage.clear());

  it('names the local calendar day', () => {
    expect(localCalendarDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('allows putting the change off only with at least one whole day left', () => {
    expect(canRemindLater(3)).toBe(true);
    expect(canRemindLater(1)).toBe(true);
    expect(canRemindLater(0)).toBe(false);
    expect(canRemindLater(-4)).toBe(false);
  });

  it('stays dismissed for the rest of the day it was dismissed on, and no longer', () => {
    expect(passwordReminderDismissedToday(EMAIL, morning)).toBe(false);
    dismissPasswordReminderToday(EMAIL, morning);
    expect(localStorage.getItem(passwordReminderKey(EMAIL))).toBe('2026-11-21');
    expect(passwordReminderDismissedToday(EMAIL, lateEvening)).toBe(true);
    expect(passwordReminderDismissedToday(EMAIL, nextMidnight)).toBe(false);
  });

  describe('guard rule (spec section 4, step 3)', () => {
    const expiring = (days: number) => ({ email: EMAIL, isPasswordExpiring: true, daysLeftForPasswordExpiry: days });

    it('never sends a user whose password is not expiring', () => {
      expect(
        mustVisitExpiringPassword({ email: EMAIL, isPasswordExpiring: false, daysLeftForPasswordExpiry: 40 }, morning),
      ).toBe(false);
    });

    it('sends an expiring user until they dismiss the reminder for the day', () => {
      expect(mustVisitExpiringPassword(expiring(3), morning)).toBe(true);
      dismissPasswordReminderToday(EMAIL, morning);
      expect(mustVisitExpiringPassword(expiring(3), lateEvening)).toBe(false);
      expect(mustVisitExpiringPassword(expiring(3), nextMidnight)).toBe(true);
    });

    it('is dismissed only for the user who dismissed it: the next user of the browser still gets theirs', () => {
      dismissPasswordReminderToday(EMAIL, morning);
      expect(mustVisitExpiringPassword(expiring(3), lateEvening)).toBe(false);
      expect(
        mustVisitExpiringPassword(
          { email: 'Someone.Else@acme.test', isPasswordExpiring: true, daysLeftForPasswordExpiry: 3 },
          lateEvening,
        ),
      ).toBe(true);
      // Emails are case-insensitive.
      expect(passwordReminderDismissedToday('EXPIRING@acme.test', lateEvening)).toBe(true);
    });

    it('always forces the page below one day left, dismissed or not', () => {
      dismissPasswordReminderToday(EMAIL, morning);
      expect(mustVisitExpiringPassword(expiring(0), morning)).toBe(true);
      expect(mustVisitExpiringPassword(expiring(-2), morning)).toBe(true);
    });
  });
});
