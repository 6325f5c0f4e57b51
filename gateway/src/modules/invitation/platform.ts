import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody } from '../../platform/rest-types.js';

/** A resend's answer: the new invitation's dates. */
export type RestResentInvitation = RestBody<'resendInvitation'>;

/** Mails an invited user a new link; the earlier one stops working. */
export function resendInvitation(platform: PlatformClient, email: string): Promise<RestResentInvitation> {
  return platform.call('resendInvitation', { path: { email } });
}

/** Withdraws the invitation and removes the invited user. */
export async function revokeInvitation(platform: PlatformClient, email: string): Promise<void> {
  await platform.call('revokeInvitation', { path: { email } });
}

/** A user's status (the REST value; the GraphQL enum spells it in capitals). */
export type { UserStatus as RestUserStatus } from '@meridian/schema';
