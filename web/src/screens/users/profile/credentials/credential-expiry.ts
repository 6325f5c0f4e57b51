import { Intent } from '@blueprintjs/core';
import {
  BANNER_ERROR_DAYS,
  BANNER_WARNING_DAYS,
} from '../../../../components/credential-banner/credential-banner-state.js';
import { dateOf } from '../../../../lib/dates.js';

/** A user's credential as the user record lists it (data_access_info). */
export interface CredentialEntry {
  id: string;
  /** What uses it; null for a credential made before names. */
  name?: string | null;
  active: boolean;
  generatedAt: unknown;
  expiresAt?: unknown;
  /** Whole days until expiry (the lifetime chosen at creation); 0 or less once expired. */
  daysToExpire: number;
}

export const isExpired = (entry: Pick<CredentialEntry, 'daysToExpire'>) => entry.daysToExpire <= 0;

/** The countdown's colour, with the credential banner's thresholds: red from 3 days (and expired), amber from 7. */
export function expiryIntent(daysToExpire: number): Intent {
  if (daysToExpire <= BANNER_ERROR_DAYS) return Intent.DANGER;
  if (daysToExpire <= BANNER_WARNING_DAYS) return Intent.WARNING;
  return Intent.NONE;
}

/** Newest first; a disabled credential after the active ones of its age does not matter, so by date alone. */
export function newestFirst<T extends CredentialEntry>(entries: readonly T[]): T[] {
  const time = (entry: T) => dateOf(entry.generatedAt)?.getTime() ?? 0;
  return [...entries].sort((a, b) => time(b) - time(a));
}
