import { errors, jwtVerify, type JWTPayload } from 'jose';
import { isRole } from '@meridian/schema';
import type { GatewayConfig } from '../config.js';
import type { EndedSessions } from './ended-sessions.js';
import { invalidToken, keysUnavailable, missingScope } from './errors.js';
import type { TokenIdentity } from './identity.js';
import type { ProviderKeys } from './jwks.js';
import type { VerifiedTokenCache } from './token-cache.js';

/** Asymmetric algorithms only: an HMAC token "signed" with the public key, or alg none, never verifies. */
export const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];
/** Seconds of clock difference tolerated on exp, nbf and iat. */
export const CLOCK_TOLERANCE_SECONDS = 5;
export const REQUIRED_SCOPE = 'api_access';

// Failures of the key set itself (unreachable, timed out, not a JWKS) are the gateway's problem, not
// the token's: 503, so a provider outage does not read as "your token is bad".
const KEY_SET_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

async function verifiedPayload(token: string, keys: ProviderKeys, audience: string): Promise<JWTPayload> {
  const payload = await signedPayload(token, keys, audience);
  // jose checks iat only against a maximum age: a token issued in the future gets the same small
  // tolerance as exp and nbf, no more.
  if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) {
    throw invalidToken('iat in the future');
  }
  return payload;
}

async function signedPayload(token: string, keys: ProviderKeys, audience: string): Promise<JWTPayload> {
  let issuer: string;
  try {
    ({ issuer } = await keys.discover());
  } catch (error) {
    throw keysUnavailable(`discovery failed: ${(error as Error).message}`);
  }
  try {
    const { payload } = await jwtVerify(token, keys.getKey, {
      issuer,
      audience,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'sub'],
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError && !KEY_SET_FAILURES.has(error.code)) throw invalidToken(error.code);
    throw keysUnavailable(`key set failed: ${(error as Error).message}`);
  }
}

/**
 * Verifies an access token against the provider's remote JWKS (issuer, audience, exp and nbf with a
 * small clock tolerance, asymmetric algorithms, the api_access scope) and says who it speaks for.
 * With a cache, a token that verified before (and has not expired) is answered from it. With `ended`,
 * a user's token whose session has ended is marked so (`sessionEnded`), cached or not, for the caller's
 * resolution to refuse. Throws AuthRefusal.
 */
export async function verifyAccessToken(
  token: string,
  keys: ProviderKeys,
  config: Pick<GatewayConfig, 'audience'>,
  cache?: VerifiedTokenCache,
  /** The connection it came on (its socket), which the cache remembers the token's key for. */
  connection?: object,
  ended?: EndedSessions,
): Promise<TokenIdentity> {
  const identity = cache?.get(token, connection) ?? (await verifiedIdentity(token, keys, config, cache));
  // After the cache, so a token verified before its session ended is refused too (by the caller's
  // resolution, which asks the platform whether the person was deactivated: the console says which).
  if (ended && identity.kind === 'user' && identity.sessionId !== undefined && ended.has(identity.sessionId))
    return { ...identity, sessionEnded: true };
  return identity;
}

async function verifiedIdentity(
  token: string,
  keys: ProviderKeys,
  config: Pick<GatewayConfig, 'audience'>,
  cache: VerifiedTokenCache | undefined,
): Promise<TokenIdentity> {
  const payload = await verifiedPayload(token, keys, config.audience);
  const identity = identityOf(payload, String(payload.sub));
  // jwtVerify required exp.
  cache?.set(token, identity, payload.exp!);
  return identity;
}

/** Who a verified payload speaks for; throws AuthRefusal for a missing scope or bad client claims. */
function identityOf(payload: JWTPayload, subject: string): TokenIdentity {
  const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  if (!scopes.includes(REQUIRED_SCOPE)) throw missingScope();

  // Client-credentials tokens carry the role and organization configured for their client.
  if (payload.client_role !== undefined) {
    if (!isRole(payload.client_role) || typeof payload.client_org !== 'string' || payload.client_org === '') {
      throw invalidToken('client claims');
    }
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : subject;
    return { kind: 'client', subject: clientId, role: payload.client_role, organizationId: payload.client_org };
  }
  const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
  return { kind: 'user', subject: subject.toLowerCase(), sessionId };
}
