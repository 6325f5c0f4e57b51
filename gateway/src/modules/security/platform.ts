import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestRequest } from '../../platform/rest-types.js';

/** Which second factors a user has, as the platform answers it (kinds and counts, never a secret). */
export type RestSecondFactors = RestBody<'getUserMfa'>;
/** A kind of second factor as the platform names it: totp, passkey. */
export type RestSecondFactorKind = RestSecondFactors['kinds'][number];
/** One active sign-in session as the platform answers it. */
export type RestSignInSession = RestBody<'listUserSessions'>['sessions'][number];

/** The kinds the platform answers, each a value of the SecondFactorKind enum. */
export const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const satisfies readonly RestSecondFactorKind[];

export function getUserMfa(platform: PlatformClient, email: string): Promise<RestSecondFactors> {
  return platform.call('getUserMfa', { path: { email } });
}

/** Removes the user's factors and recovery codes, and ends their sessions (204). */
export async function resetUserMfa(platform: PlatformClient, email: string): Promise<void> {
  await platform.call('resetUserMfa', { path: { email } });
}

/** The user's active sessions, newest first; `current` marks the caller's own. */
export async function listUserSessions(platform: PlatformClient, email: string): Promise<RestSignInSession[]> {
  return (await platform.call('listUserSessions', { path: { email } })).sessions;
}

/** Ends every session of the user (but the caller's own with exceptCurrent); answers how many ended. */
export async function revokeUserSessions(
  platform: PlatformClient,
  email: string,
  exceptCurrent: boolean,
): Promise<number> {
  const body: RestRequest<'revokeUserSessions'> = { exceptCurrent };
  return (await platform.call('revokeUserSessions', { path: { email }, body })).revoked;
}

/** Ends one session; the platform answers 404 for one the caller may not end, as for none. */
export async function revokeSession(platform: PlatformClient, id: string): Promise<number> {
  return (await platform.call('revokeSession', { path: { id } })).revoked;
}
