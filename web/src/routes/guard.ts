import { MESSAGES } from '@meridian/schema';
import { mustVisitExpiringPassword } from '../lib/password-reminder.js';
import { canAccess, type AccessUser, type RouteParams, type RouteRequirement } from './route-access.js';

/** The user as the guard sees it: access facts plus the password's state. */
export interface GuardUser extends AccessUser {
  isPasswordExpiring: boolean;
  daysLeftForPasswordExpiry: number;
}

export type GuardOutcome =
  | { kind: 'allow' }
  /** Step 1: no user record → /error with this message in navigation state. */
  | { kind: 'user-missing'; message: string }
  /** Step 2: role, organization or feature lacking → home, with this error toast. */
  | { kind: 'denied'; message: string }
  /** Step 3: the password is expiring → the expiring-password page. */
  | { kind: 'expiring-password' };

/**
 * The guards of spec section 4, in their order: no user record, then the page's permission and
 * feature, then an expiring password (unless at least a day is left and the reminder was dismissed
 * today; below a day it is always forced).
 */
export function decideGuard(
  user: GuardUser | null,
  requirement: RouteRequirement,
  params: RouteParams,
  now: Date = new Date(),
): GuardOutcome {
  if (!user) return { kind: 'user-missing', message: MESSAGES.userMissing };
  if (!canAccess(user, requirement, params)) return { kind: 'denied', message: MESSAGES.permissionDenied };
  if (mustVisitExpiringPassword(user, now) || user.daysLeftForPasswordExpiry < 1) return { kind: 'expiring-password' };
  return { kind: 'allow' };
}
