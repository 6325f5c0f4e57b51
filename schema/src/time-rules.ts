/** Time-dependent rules of passwords and credentials (decisions.md), shared so every side agrees. */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const PASSWORD_LIFETIME_DAYS = 90;
export const PASSWORD_EXPIRING_WITHIN_DAYS = 14;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** An invitation's link (issue 18) lives a week: the invited person may not read their mail the same day. */
export const INVITATION_LIFETIME_DAYS = 7;

/** Whole days from `now` until `expiresAt`; 0 or less once expired. */
export function daysUntil(expiresAt: Date, now: Date = new Date()): number {
  return Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
}

export function passwordExpiresAt(changedAt: Date): Date {
  return new Date(changedAt.getTime() + PASSWORD_LIFETIME_DAYS * DAY_MS);
}

export interface PasswordExpiry {
  expiresAt: Date;
  daysLeftForPasswordExpiry: number;
  isPasswordExpiring: boolean;
}

export function passwordExpiry(changedAt: Date, now: Date = new Date()): PasswordExpiry {
  const expiresAt = passwordExpiresAt(changedAt);
  const daysLeftForPasswordExpiry = daysUntil(expiresAt, now);
  return {
    expiresAt,
    daysLeftForPasswordExpiry,
    isPasswordExpiring: daysLeftForPasswordExpiry <= PASSWORD_EXPIRING_WITHIN_DAYS,
  };
}
