import { OidcClient } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeSignInCallback, NO_MATCHING_STATE, safeReturnPath } from './callback.js';
import { signInTime } from './sign-in-time.js';
import { idToken, ORIGIN, providerFetchStub, TEST_CONFIG } from './test-support.js';
import { createUserManager } from './user-manager.js';

function at(url: string) {
  const parsed = new URL(url, ORIGIN);
  return { pathname: parsed.pathname, href: parsed.href };
}

function historySpy() {
  const replaced: string[] = [];
  return {
    replaced,
    replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => replaced.push(String(url)),
  };
}

/** Starts a sign-in as signinRedirect would (the state stored here), without navigating. */
async function startSignIn(userManager: ReturnType<typeof createUserManager>, returnTo: string) {
  const request = await new OidcClient(userManager.settings).createSigninRequest({
    state: { returnTo },
    request_type: 'si:r',
  });
  return new URL(request.url).searchParams.get('state')!;
}

describe('the sign-in callback', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("cleans the URL and starts over on 'No matching state found in storage'", async () => {
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    const history = historySpy();
    const outcome = await completeSignInCallback(
      userManager,
      at('/auth/callback?code=abc&state=from-another-browser'),
      history,
    );
    expect(outcome).toEqual({ kind: 'start-over' });
    expect(history.replaced).toEqual(['/']);
    expect(NO_MATCHING_STATE).toBe('No matching state found in storage');
  });

  it('signs in with the code and returns to the page the user was going to', async () => {
    const provider = providerFetchStub((body) => {
      expect(body.get('grant_type')).toBe('authorization_code');
      expect(body.get('code_verifier')).toBeTruthy();
      return {
        body: {
          access_token: 'access-1',
          refresh_token: 'refresh-1',
          id_token: idToken('orgadmin@acme.test'),
          token_type: 'Bearer',
          expires_in: 300,
          scope: 'openid email profile api_access',
        },
      };
    });
    vi.stubGlobal('fetch', provider.fetch);
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    const state = await startSignIn(userManager, '/admin/org-management?page=2');

    const history = historySpy();
    const outcome = await completeSignInCallback(userManager, at(`/auth/callback?code=abc&state=${state}`), history);
    expect(outcome.kind).toBe('signed-in');
    expect(history.replaced).toEqual(['/admin/org-management?page=2']);
    expect((await userManager.getUser())?.refresh_token).toBe('refresh-1');
    expect(signInTime()).not.toBeNull();
  });

  it('shows a refusal of the provider instead of looping, with the URL cleaned', async () => {
    vi.stubGlobal('fetch', providerFetchStub(() => ({ status: 500, body: {} })).fetch);
    const userManager = createUserManager(TEST_CONFIG, ORIGIN);
    const state = await startSignIn(userManager, '/');
    const history = historySpy();
    const outcome = await completeSignInCallback(
      userManager,
      at(`/auth/callback?error=access_denied&error_description=The+user+cancelled&state=${state}`),
      history,
    );
    expect(outcome).toEqual({ kind: 'failed', message: 'The user cancelled' });
    expect(history.replaced).toEqual(['/']);
  });

  it('leaves other pages alone', async () => {
    const history = historySpy();
    expect(
      await completeSignInCallback(createUserManager(TEST_CONFIG, ORIGIN), at('/admin/org-management'), history),
    ).toEqual({
      kind: 'none',
    });
    expect(history.replaced).toEqual([]);
  });

  it('returns only to paths of this console', () => {
    expect(safeReturnPath('/analytics?tab=users#top')).toBe('/analytics?tab=users#top');
    expect(safeReturnPath('//evil.example/path')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('/auth/callback?code=1')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
  });
});
