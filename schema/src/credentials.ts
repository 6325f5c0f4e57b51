import { DAY_MS, daysUntil } from './time-rules.js';
import { hasControlCharacters } from './validators.js';

/**
 * A data-access credential's name and lifetime (issue 28): the name says what uses it, so two made a
 * minute apart are told apart; the lifetime is chosen at creation within the allowed range, 90 days
 * unless said otherwise (decisions.md "Data-access credentials").
 */
export const CREDENTIAL_LIFETIME_DAYS = 90;
export const CREDENTIAL_MIN_LIFETIME_DAYS = 1;
export const CREDENTIAL_NAME_MAX_LENGTH = 80;

export const CREDENTIAL_NAME_MESSAGE = `Name must be 1 to ${CREDENTIAL_NAME_MAX_LENGTH} characters without control characters.`;
export const CREDENTIAL_LIFETIME_MESSAGE = `Expiry must be a whole number of days from ${CREDENTIAL_MIN_LIFETIME_DAYS} to ${CREDENTIAL_LIFETIME_DAYS}.`;

/** A credential's name, when one is given: trimmed, 1 to 80 characters, no control characters. */
export function validateCredentialName(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > CREDENTIAL_NAME_MAX_LENGTH || hasControlCharacters(trimmed)) {
    return CREDENTIAL_NAME_MESSAGE;
  }
  return null;
}

/** A credential's lifetime in whole days, from 1 to 90. */
export function validateCredentialLifetime(days: number): string | null {
  return Number.isInteger(days) && days >= CREDENTIAL_MIN_LIFETIME_DAYS && days <= CREDENTIAL_LIFETIME_DAYS
    ? null
    : CREDENTIAL_LIFETIME_MESSAGE;
}

/** When a credential generated at `generatedAt` with `lifetimeDays` expires. */
export function credentialExpiresAt(generatedAt: Date, lifetimeDays: number = CREDENTIAL_LIFETIME_DAYS): Date {
  return new Date(generatedAt.getTime() + lifetimeDays * DAY_MS);
}

/** days_to_expire of a data-access credential: 0 or less once expired. */
export function credentialDaysToExpire(
  generatedAt: Date,
  now: Date = new Date(),
  lifetimeDays: number = CREDENTIAL_LIFETIME_DAYS,
): number {
  return daysUntil(credentialExpiresAt(generatedAt, lifetimeDays), now);
}
