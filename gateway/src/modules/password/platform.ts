import type { PlatformClient } from '../../platform/client-types.js';
import { userPath } from '../user/platform.js';

/** GET /user/:email/password-reset: the password dates of a user. */
export interface RestPasswordResetMeta {
  lastResetRequestedAt: string | null;
  passwordChangedAt: string;
  expiresAt: string;
}

export function getPasswordResetMeta(platform: PlatformClient, email: string): Promise<RestPasswordResetMeta> {
  return platform.get<RestPasswordResetMeta>(`${userPath(email)}/password-reset`);
}

/** Public: answers 202 whether or not the email belongs to anyone. */
export async function forgotPassword(platform: PlatformClient, email: string): Promise<void> {
  await platform.post('/password/forgot', { email });
}

/** Public: sets a password with an emailed link's one-time token (204). */
export async function createPassword(platform: PlatformClient, token: string, password: string): Promise<void> {
  await platform.post('/password/create', { token, password });
}

/** The signed-in user's own password (204). */
export async function changePassword(
  platform: PlatformClient,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  await platform.post('/password/change', { currentPassword, newPassword });
}

/** Mails another user a link to set a new password (202). */
export async function initiatePasswordReset(platform: PlatformClient, email: string): Promise<void> {
  await platform.post(`${userPath(email)}/password-reset`);
}
