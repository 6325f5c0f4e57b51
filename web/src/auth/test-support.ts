import { User } from 'oidc-client-ts';
import type { RuntimeConfig } from '../config/runtime.js';
import type { CoordinatedUserManager } from './user-manager.js';

export const ISSUER = 'http://issuer.test';
export const ORIGIN = 'http://localhost:3000';

export const TEST_CONFIG: RuntimeConfig = {
  productName: 'Meridian',
  gatewayUrl: 'http://gateway.test/graphql',
  oidc: { issuer: ISSUER, clientId: 'meridian-console' },
  environment: 'local',
};

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A JWT as oidc-client-ts reads it (it decodes ID tokens; their signature is the provider's business). */
export function jwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

export function idToken(email: string, now = Math.floor(Date.now() / 1000)): string {
  return jwt({
    iss: ISSUER,
    aud: 'meridian-console',
    sub: email,
    email,
    name: email.split('@')[0],
    iat: now,
    exp: now + 3600,
  });
}

/** Stores a signed-in user as a sign-in would have. */
export async function storeUser(
  userManager: CoordinatedUserManager,
  {
    email,
    expiresIn = 300,
    refreshToken = 'refresh-1',
  }: { email: string; expiresIn?: number; refreshToken?: string | null },
): Promise<User> {
  const now = Math.floor(Date.now() / 1000);
  const user = new User({
    id_token: idToken(email, now),
    access_token: `access-${email}`,
    refresh_token: refreshToken ?? undefined,
    token_type: 'Bearer',
    scope: 'openid email profile api_access',
    profile: { iss: ISSUER, aud: 'meridian-console', sub: email, email, iat: now, exp: now + 3600 },
    expires_at: now + expiresIn,
  });
  await userManager.storeUser(user);
  return user;
}

export interface ProviderCall {
  url: string;
  body: URLSearchParams;
}

type TokenAnswer = (body: URLSearchParams) => { status?: number; body: unknown };

/**
 * The provider's endpoints as oidc-client-ts calls them (discovery, token, revocation), answered in
 * process: the code and refresh grants by `token`, revocation with the JSON the provider sends.
 */
export function providerFetchStub(token: TokenAnswer) {
  const calls: ProviderCall[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchStub: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body =
      init?.body instanceof URLSearchParams
        ? init.body
        : new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ url, body });
    if (url === `${ISSUER}/.well-known/openid-configuration`) {
      return json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/auth`,
        token_endpoint: `${ISSUER}/token`,
        revocation_endpoint: `${ISSUER}/token/revocation`,
        end_session_endpoint: `${ISSUER}/session/end`,
        jwks_uri: `${ISSUER}/jwks`,
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url === `${ISSUER}/token`) {
      const answer = token(body);
      return json(answer.body, answer.status ?? 200);
    }
    if (url === `${ISSUER}/token/revocation`) return json({});
    return json({ error: 'not_found' }, 404);
  };
  const count = (path: string) => calls.filter((call) => call.url === `${ISSUER}${path}`).length;
  return { fetch: fetchStub, calls, count };
}

/** A token endpoint answer to a refresh grant. */
export function refreshed(email: string, refreshToken = 'refresh-2') {
  return {
    body: {
      access_token: `access-${email}-renewed`,
      refresh_token: refreshToken,
      id_token: idToken(email),
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'openid email profile api_access',
    },
  };
}

export const invalidGrant = () => ({
  status: 400,
  body: { error: 'invalid_grant', error_description: 'grant request is invalid' },
});
