import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import * as client from 'openid-client';
import { outboundFailureAside } from '../outbound/failure.js';
import { userTextFromProvider } from '../user-text.js';
import { refusalOf, UNREACHABLE } from './oidc-refusals.js';
import {
  SsoConfigProblem,
  SsoRefusal,
  type IdpReturned,
  type OidcRequest,
  type OidcSettings,
  type SsoTransport,
  type VerifiedIdentity,
} from './types.js';

/**
 * Meridian as the OpenID Connect client (relying party) of a customer organization's own provider:
 * code flow with PKCE, state and nonce, all checked by openid-client, and the ID token's signature
 * verified against the provider's published keys (its jwks_uri) even though it comes straight from
 * the token endpoint (openid-client's non-repudiation checks: HS256, `none` and keys the provider does
 * not publish are refused). Every request goes through the transport's fetch (the address guard in
 * production). Every failure is a SsoRefusal (or, while an operator configures the connection, a
 * SsoConfigProblem) in words; no token or code ever reaches a message or a log.
 */

const SCOPE = 'openid email profile';
/** Seconds for any one request to the customer's provider. */
const TIMEOUT_SECONDS = 10;
/** The discovery document is remote configuration: re-read every 10 minutes (per replica, in memory). */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

export type ClientSettings = Pick<OidcSettings, 'issuer' | 'clientId'> & { clientSecret?: string };
/** Who is asking: an operator configuring the connection, or a person signing in through it. */
type Purpose = 'configure' | 'sign-in';

/**
 * Discovered providers per (issuer, client, secret, transport), for sign-ins: bounded, so a flood of
 * connections tried cannot grow it without end; each entry lives DISCOVERY_TTL_MS.
 */
const discovered = new LRUCache<string, client.Configuration>({ max: 1_000, ttl: DISCOVERY_TTL_MS });

function cacheKey({ issuer, clientId, clientSecret }: ClientSettings, transport: SsoTransport): string {
  const secret = createHash('sha256')
    .update(clientSecret ?? '')
    .digest('base64url');
  return JSON.stringify([issuer, clientId, secret, transport.allowHttp, transport.guard]);
}

/**
 * client_secret_basic, the default of OpenID Connect, unless the provider says it accepts only
 * client_secret_post; chosen at each request from the discovered metadata.
 */
function clientSecretAuth(secret: string): client.ClientAuth {
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (as, metadata, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const usePost =
      methods !== undefined && !methods.includes('client_secret_basic') && methods.includes('client_secret_post');
    (usePost ? post : basic)(as, metadata, body, headers);
  };
}

/** Why discovery failed, in words that name the issuer. */
function discoveryProblem(issuer: string, error: unknown): string {
  switch ((error as { code?: string }).code) {
    case 'OAUTH_HTTP_REQUEST_FORBIDDEN':
    case 'OAUTH_REQUEST_PROTOCOL_FORBIDDEN':
      return `The issuer must be an https:// address; ${issuer} is not.`;
    case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED': {
      const named = (error as { cause?: { body?: { issuer?: unknown } } }).cause?.body?.issuer;
      return `The issuer ${issuer} publishes the discovery document of another issuer, ${String(named)}: enter exactly that issuer.`;
    }
    case 'OAUTH_RESPONSE_IS_NOT_CONFORM':
    case 'OAUTH_RESPONSE_IS_NOT_JSON':
    case 'OAUTH_PARSE_ERROR':
      return `The issuer ${issuer} is not an OpenID provider: it has no discovery document at ${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration.`;
    case 'OAUTH_INVALID_RESPONSE':
      return `The issuer ${issuer} publishes a discovery document that is not valid OpenID Connect metadata.`;
    default:
      return `No identity provider answered at the issuer ${issuer}${outboundFailureAside(error)}.`;
  }
}

/**
 * The provider's Configuration for this client. A sign-in takes it from a 10-minute cache per (issuer,
 * client, secret); configuring (the console's test) always reads the provider anew and refreshes the
 * cache; a failed discovery is not cached. Failures are a SsoConfigProblem on the issuer field while
 * configuring, a SsoRefusal during a sign-in.
 */
export async function discoverOidc(
  settings: ClientSettings,
  transport: SsoTransport,
  purpose: Purpose,
): Promise<client.Configuration> {
  const key = cacheKey(settings, transport);
  const cached = discovered.get(key);
  if (purpose === 'sign-in' && cached) return cached;
  const fail = (problem: string) =>
    purpose === 'configure'
      ? new SsoConfigProblem(problem, 'issuer')
      : new SsoRefusal(`${UNREACHABLE}. ${problem}`, { reason: 'sso-unreachable' });
  const server = URL.parse(settings.issuer);
  if (!server || (server.protocol !== 'https:' && server.protocol !== 'http:'))
    throw fail(`The issuer must be an address such as https://login.example.com; ${settings.issuer} is not.`);
  let configuration: client.Configuration;
  try {
    configuration = await client.discovery(
      server,
      settings.clientId,
      undefined,
      settings.clientSecret ? clientSecretAuth(settings.clientSecret) : client.None(),
      {
        timeout: TIMEOUT_SECONDS,
        [client.customFetch]: transport.fetch as client.CustomFetch,
        execute: [client.enableNonRepudiationChecks, ...(transport.allowHttp ? [client.allowInsecureRequests] : [])],
      },
    );
  } catch (error) {
    throw fail(discoveryProblem(settings.issuer, error));
  }
  discovered.set(key, configuration);
  return configuration;
}

export function newOidcRequest(): OidcRequest {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

/** Where to send the person: the provider's authorization endpoint with code, PKCE (S256), state and nonce. */
export async function oidcAuthorizationUrl(
  settings: OidcSettings,
  redirectUri: string,
  request: OidcRequest,
  transport: SsoTransport,
  loginHint?: string,
): Promise<string> {
  const configuration = await discoverOidc(settings, transport, 'sign-in');
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
    code_challenge_method: 'S256',
    state: request.state,
    nonce: request.nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  }).href;
}

/** The callback's answer verified and exchanged: who the provider says signed in, and the claims it returned. */
export async function oidcIdentity(
  settings: OidcSettings,
  redirectUri: string,
  callbackUrl: URL,
  request: OidcRequest,
  transport: SsoTransport,
): Promise<{ identity: VerifiedIdentity; returned: IdpReturned }> {
  const configuration = await discoverOidc(settings, transport, 'sign-in');
  // The registered redirect URI, not the URL as this server saw it (a proxy may have rewritten it):
  // it is what the token request must repeat.
  const answer = new URL(redirectUri);
  answer.search = callbackUrl.search;
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, answer, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
    if (typeof claims.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
      // Some providers keep email to userinfo; the ID token's subject must match its answer's.
      const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
      claims = { ...userinfo, ...claims };
    }
  } catch (error) {
    throw refusalOf(error);
  }
  return { identity: identityOf(claims), returned: claims };
}

/** Claims to an identity; a missing subject or email is a refusal. */
function identityOf(claims: Record<string, unknown>): VerifiedIdentity {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const subject = text(claims.sub);
  const email = text(claims.email)?.toLowerCase();
  if (!subject)
    throw new SsoRefusal("Your organization's identity provider did not say who signed in (no sub).", {
      reason: 'sso-invalid-response',
      refusal: 'subject',
    });
  if (!email)
    throw new SsoRefusal(
      "Your organization's identity provider did not give your email address (no email claim): its administrators must release the email scope to Meridian.",
      { reason: 'sso-invalid-response', refusal: 'email' },
    );
  const name = text(claims.name);
  const givenName = text(claims.given_name);
  const familyName = text(claims.family_name);
  return {
    subject,
    email,
    emailVerified: isTrue(claims.email_verified) || isTrue(claims.xms_edov),
    ...(name ? { name } : {}),
    ...(givenName ? { givenName } : {}),
    ...(familyName ? { familyName } : {}),
    text: userTextFromProvider('oidcClaims', (claim) => text(claims[claim])),
    mfa: isMultiFactor(claims.amr, claims.acr),
  };
}

const isTrue = (value: unknown) => value === true || value === 'true';

/**
 * RFC 8176's methods by the factor they are: knowing (password, PIN, questions), having (a key, an
 * app's or a message's one-time code, a smart card) or being (biometrics). Methods of no one factor
 * (geo, rba, user, wia, mca) count for none.
 */
const FACTOR_KINDS: Record<string, 'know' | 'have' | 'are'> = {
  pwd: 'know',
  pin: 'know',
  kba: 'know',
  hwk: 'have',
  swk: 'have',
  otp: 'have',
  sms: 'have',
  tel: 'have',
  sc: 'have',
  pop: 'have',
  face: 'are',
  fpt: 'are',
  iris: 'are',
  retina: 'are',
  vbm: 'are',
};

/** Method values that say "more than one factor" by themselves (RFC 8176's mfa; AD FS's). */
const MULTI_FACTOR_AMR = new Set(['mfa', 'http://schemas.microsoft.com/claims/multipleauthn']);

/**
 * acr values that mean a multi-factor sign-in: the OpenID PAPE policies, REFEDS MFA, Okta's 2fa level,
 * AD FS's multipleauthn. Entra ID says it in amr ("mfa"); its "possessionorinherence" is what it asks
 * of an external method (one factor), so it is not here. A provider's own levels (Ping's, Keycloak's
 * "2") mean what its administrators configured, so they are not trusted by name.
 */
const MULTI_FACTOR_ACR = new Set([
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor-physical',
  'https://refeds.org/profile/mfa',
  'urn:okta:loa:2fa:any',
  'http://schemas.microsoft.com/claims/multipleauthn',
]);

/** Whether amr/acr say the person used more than one factor. */
export function isMultiFactor(amr: unknown, acr: unknown): boolean {
  const methods = Array.isArray(amr) ? amr.filter((m): m is string => typeof m === 'string') : [];
  if (methods.some((m) => MULTI_FACTOR_AMR.has(m))) return true;
  const kinds = new Set(methods.map((m) => FACTOR_KINDS[m]).filter(Boolean));
  return kinds.size >= 2 || (typeof acr === 'string' && MULTI_FACTOR_ACR.has(acr));
}
