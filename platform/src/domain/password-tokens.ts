import { DAY_MS, INVITATION_LIFETIME_DAYS, RESET_TOKEN_LIFETIME_MS } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { insertMail } from '../stores/outbox.js';
import { insertPasswordToken, selectUsableToken, useTokenOnce } from '../stores/passwords.js';
import { digestOfSecret, newRandomSecret } from './random-secrets.js';

export type PasswordTokenPurpose = 'reset' | 'expired' | 'initiated' | 'invitation';

/** How long a link works: an invitation a week (issue 18), any other 60 minutes. */
export const tokenLifetimeMs = (purpose: PasswordTokenPurpose) =>
  purpose === 'invitation' ? INVITATION_LIFETIME_DAYS * DAY_MS : RESET_TOKEN_LIFETIME_MS;

/** A one-time token for the console's create-password page; only its hash is stored. Lives tokenLifetimeMs. */
export async function issuePasswordToken(db: Queryable, email: string, purpose: PasswordTokenPurpose): Promise<string> {
  const token = newRandomSecret();
  await insertPasswordToken(db, {
    hash: digestOfSecret(token),
    email,
    purpose,
    expiresAt: new Date(Date.now() + tokenLifetimeMs(purpose)),
  });
  return token;
}

/** The console link that sets a password with `token`. */
export function createPasswordLink(consoleUrl: string, token: string): string {
  return `${consoleUrl.replace(/\/$/, '')}/create-password?token=${encodeURIComponent(token)}`;
}

/**
 * Marks the token used and returns its email, or null when it is unknown, expired or already used
 * (tokens work once).
 */
export async function consumePasswordToken(db: Queryable, token: string): Promise<string | null> {
  return useTokenOnce(db, digestOfSecret(token));
}

/** Whose link `token` is, its purpose and expiry, without using it; null when it can no longer be used. */
export function usablePasswordToken(db: Queryable, token: string) {
  return selectUsableToken(db, digestOfSecret(token));
}

/** Writes a mail to the outbox (readable at GET /dev/outbox locally). */
export async function sendMail(
  db: Queryable,
  recipient: string,
  subject: string,
  body: string,
  link?: string,
): Promise<void> {
  await insertMail(db, { recipient, subject, body, link: link ?? null });
}
