import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshTokens } from './session-probes.js';
import { invalidGrant, ORIGIN, providerFetchStub, refreshed, storeUser, TEST_CONFIG } from './test-support.js';
import type { RefreshTokenLedger } from './refresh-token-ledger.js';
import { createUserManager, NO_REFRESH_TOKEN, OIDC_SCOPES, STORED_USER_BEHIND } from './user-manager.js';

/** A ledger in memory: what was recorded, and which token it names as the newest. */
function memoryLedger() {
  const recorded: (string | undefined)[] = [];
  const ledger: RefreshTokenLedger = {
    record: async (token) => {
      recorded.push(token);
    },
    isNewest: async (token) => recorded.length === 0 || recorded.at(-1) === undefined || recorded.at(-1) === token,
  };
  return { ledger, recorded };
}

/** Another tab's write to the shared stored user, as this tab's localStorage finally shows it. */
function otherTabStores(key: string, refreshToken: string): void {
  const stored = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
  localStorage.setItem(key, JSON.stringify({ ...stored, refresh_token: refreshToken }));
}

describe('the user manager', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('uses code + PKCE against the configured provider, renews with refresh tokens and revokes only those', () => {
    const { settings } = createUserManager(TEST_CONFIG, ORIGIN);
    expect(settings).toMatchObject({
      authority: 'http://issuer.test',
      client_id: 'meridian-console',
      response_type: 'code',
      scope: 'openid email profile api_access',
      redirect_uri: `${ORIGIN}/auth/callback`,
      post_logout_redirect_uri: `${ORIGIN}/`,
      automaticSilentRenew: true,
      revokeTokensOnSignout: true,
      revokeTokenTypes: ['refresh_token'],
      monitorSession: true,
    });
    expect(OIDC_SCOPES.split(' ')).toEqual(['openid', 'email', 'profile', 'api_access']);
  });

  it('keeps the user in localStorage, shared by the tabs', async () => {
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    await storeUser(userManager, { email: 'user@acme.test' });
    expect(localStorage.getItem(userManager.userStorageKey)).toContain('access-user@acme.test');
  });

  it('shares one refresh between concurrent renewals (a reused refresh token would revoke the grant)', async () => {
    const provider = providerFetchStub(() => refreshed('user@acme.test'));
    vi.stubGlobal('fetch', provider.fetch);
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    await storeUser(userManager, { email: 'user@acme.test' });

    const [first, second] = await Promise.all([userManager.signinSilent(), userManager.signinSilent()]);
    expect(provider.count('/token')).toBe(1);
    expect(first?.access_token).toBe('access-user@acme.test-renewed');
    expect(second).toBe(first);
    expect(provider.calls.find((call) => call.url.endsWith('/token'))?.body.get('grant_type')).toBe('refresh_token');

    // The next renewal uses the rotated token.
    await userManager.signinSilent();
    expect(
      provider.calls.filter((call) => call.url.endsWith('/token')).map((call) => call.body.get('refresh_token')),
    ).toEqual(['refresh-1', 'refresh-2']);
  });

  it('signs out as the user read beforehand, though another tab removed the stored one meanwhile', async () => {
    const provider = providerFetchStub(() => refreshed('user@acme.test'));
    vi.stubGlobal('fetch', provider.fetch);
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    await storeUser(userManager, { email: 'user@acme.test' });
    const redirect = vi.spyOn(userManager, 'signoutRedirect').mockResolvedValue(undefined);
    const user = await userManager.getUser();
    // Told of the sign-out, another tab drops the shared stored user.
    await userManager.removeUser();

    await userManager.signoutRedirectAs(user);
    const revocations = provider.calls.filter((call) => call.url.endsWith('/token/revocation'));
    expect(revocations.map((call) => call.body.get('token'))).toEqual(['refresh-1']);
    expect(redirect).toHaveBeenCalledWith({ id_token_hint: user!.id_token });
    expect(localStorage.getItem(userManager.userStorageKey)).toBeNull();
  });

  it('never renews without a refresh token: no hidden iframe at the provider, a clear failure at once', async () => {
    const { fetch, calls } = providerFetchStub(() => refreshed('user@acme.test'));
    vi.stubGlobal('fetch', fetch);
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    await storeUser(userManager, { email: 'user@acme.test', refreshToken: null });
    const frames = vi.spyOn(document, 'createElement');
    await expect(userManager.signinSilent()).rejects.toThrow(NO_REFRESH_TOKEN);
    expect(frames.mock.calls.filter(([tag]) => tag.toLowerCase() === 'iframe')).toEqual([]);
    frames.mockRestore();
    expect(calls.filter((call) => call.url.includes('/token'))).toEqual([]);
  });

  it('never puts a signed-out user back: a renewal finishing after the sign-out is not stored', async () => {
    const signOuts: Promise<void>[] = [];
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    // Signed out while the provider answers the refresh.
    vi.stubGlobal(
      'fetch',
      providerFetchStub(() => {
        if (signOuts.length === 0) signOuts.push(userManager.removeUser());
        return refreshed('user@acme.test');
      }).fetch,
    );
    await storeUser(userManager, { email: 'user@acme.test' });

    const renewal = userManager.signinSilent();
    expect((await renewal)?.access_token).toBe('access-user@acme.test-renewed');
    await Promise.all(signOuts);
    expect(signOuts).toHaveLength(1);
    expect(localStorage.getItem(userManager.userStorageKey)).toBeNull();

    // A renewal asked for afterwards (of a user another tab signed in since) is stored as usual.
    await storeUser(userManager, { email: 'user@acme.test' });
    await userManager.signinSilent();
    expect(localStorage.getItem(userManager.userStorageKey)).toContain('access-user@acme.test-renewed');
  });

  it('records each stored refresh token in the ledger, and none once signed out', async () => {
    vi.stubGlobal('fetch', providerFetchStub(() => refreshed('user@acme.test')).fetch);
    const { ledger, recorded } = memoryLedger();
    const userManager = createUserManager(TEST_CONFIG, ORIGIN, ledger);
    await storeUser(userManager, { email: 'user@acme.test' });
    await userManager.signinSilent();
    await userManager.removeUser();
    expect(recorded).toEqual(['refresh-1', 'refresh-2', undefined]);
  });

  it('refreshes only once its localStorage shows the token another tab stored last', async () => {
    const provider = providerFetchStub(() => refreshed('user@acme.test'));
    vi.stubGlobal('fetch', provider.fetch);
    const { ledger, recorded } = memoryLedger();
    const userManager = createUserManager(TEST_CONFIG, ORIGIN, ledger);
    await storeUser(userManager, { email: 'user@acme.test' });
    // Another tab rotated the token: the ledger knows at once, this tab's localStorage a moment later.
    recorded.push('refresh-from-other-tab');
    setTimeout(() => otherTabStores(userManager.userStorageKey, 'refresh-from-other-tab'), 80);

    await userManager.signinSilent();
    const sent = provider.calls
      .filter((call) => call.url.endsWith('/token'))
      .map((call) => call.body.get('refresh_token'));
    expect(sent).toEqual(['refresh-from-other-tab']);
  });

  it('gives up rather than send an older refresh token (the provider would revoke the grant)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const provider = providerFetchStub(() => refreshed('user@acme.test'));
      vi.stubGlobal('fetch', provider.fetch);
      const { ledger, recorded } = memoryLedger();
      const userManager = createUserManager(TEST_CONFIG, ORIGIN, ledger);
      await storeUser(userManager, { email: 'user@acme.test' });
      recorded.push('refresh-never-seen-here');

      const renewal = expect(userManager.signinSilent()).rejects.toThrow(STORED_USER_BEHIND);
      await vi.advanceTimersByTimeAsync(10_000);
      await renewal;
      expect(provider.calls.filter((call) => call.url.endsWith('/token'))).toEqual([]);
      // The session watch reads that as no answer (asks again later), not as the session refused.
      const outcome = refreshTokens(userManager);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await outcome).toBe('unavailable');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads invalid_grant as the session refused, and other failures as no answer', async () => {
    let answer: () => { status?: number; body: unknown } = invalidGrant;
    vi.stubGlobal('fetch', providerFetchStub(() => answer()).fetch);
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    await storeUser(userManager, { email: 'user@acme.test' });
    expect(await refreshTokens(userManager)).toBe('refused');

    answer = () => ({ status: 503, body: { error: 'server_error' } });
    expect(await refreshTokens(userManager)).toBe('unavailable');

    answer = () => refreshed('user@acme.test');
    expect(await refreshTokens(userManager)).toBe('renewed');

    await userManager.removeUser();
    expect(await refreshTokens(userManager)).toBe('refused');
  });
});
