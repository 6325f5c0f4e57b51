import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestRequest } from '../../platform/rest-types.js';

/** GET /user/:email/password-reset: the password dates of a user. */
export type RestPasswordResetMeta = RestBody<'getPasswordResetMeta'>;

export function getPasswordResetMeta(platform: PlatformClient, email: string): Promise<RestPasswordResetMeta> {
  return platform.call('getPasswordResetMeta', { path: { email } });
}

/** Public: answers 202 whether or not the email belongs to anyone. */
export async function forgotPassword(platform: PlatformClient, email: string): Promise<void> {
  const body: RestRequest<'requestPasswordReset'> = { email };
  await platform.call('requestPasswordReset', { body });
}

/** Public: whose account an emailed link's token sets a password for (400 once it cannot be used). */
export type RestPasswordLink = RestBody<'passwordLink'>;

export function getPasswordLink(platform: PlatformClient, token: string): Promise<RestPasswordLink> {
  const body: RestRequest<'passwordLink'> = { token };
  return platform.call('passwordLink', { body });
}

/** Public: sets a password with an emailed link's one-time token (204). */
export async function createPassword(platform: PlatformClient, token: string, password: string): Promise<void> {
  const body: RestRequest<'createPassword'> = { token, password };
  await platform.call('createPassword', { body });
}

/** The signed-in user's own password (204). */
export async function changePassword(
  platform: PlatformClient,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const body: RestRequest<'changePassword'> = { currentPassword, newPassword };
  await platform.call('changePassword', { body });
}

/** Mails another user a link to set a new password (202). */
export async function initiatePasswordReset(platform: PlatformClient, email: string): Promise<void> {
  await platform.call('initiatePasswordReset', { path: { email } });
}
