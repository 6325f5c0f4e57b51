import type { User, UserManager } from 'oidc-client-ts';

/** The signed-in user's email (lowercase; the provider's subject is the email too). */
export function emailOf(user: User | null): string | null {
  const email = user?.profile.email ?? user?.profile.sub;
  return email ? email.toLowerCase() : null;
}

/**
 * The stored user at start-up, renewed first when its access token expired while the console was
 * closed. A refresh the provider refuses means the session is over: the stale user is removed (the
 * gate then signs in anew). A provider that does not answer leaves the user for the auth provider to
 * retry.
 */
export async function loadStoredUser(
  userManager: Pick<UserManager, 'getUser' | 'signinSilent' | 'removeUser'>,
): Promise<User | null> {
  const user = await userManager.getUser();
  if (!user?.expired) return user;
  if (!user.refresh_token) {
    await userManager.removeUser();
    return null;
  }
  try {
    return await userManager.signinSilent();
  } catch (error) {
    if ((error as { error?: unknown }).error === 'invalid_grant') {
      await userManager.removeUser();
      return null;
    }
    return user;
  }
}

/**
 * The access token for a request: renewed first when it has expired (a tab that slept), so requests
 * do not fail with 401 only because a timer fired late.
 */
export async function currentAccessToken(
  userManager: Pick<UserManager, 'getUser' | 'signinSilent'>,
): Promise<string | null> {
  const user = await userManager.getUser();
  if (!user) return null;
  if (!user.expired || !user.refresh_token) return user.access_token;
  try {
    return (await userManager.signinSilent())?.access_token ?? null;
  } catch {
    return user.access_token;
  }
}
