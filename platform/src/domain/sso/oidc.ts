import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import {
  SsoConfigProblem,
  SsoRefusal,
  type OidcRequest,
  type OidcSettings,
  type SsoTransport,
  type VerifiedIdentity,
} from './types.js';

/**
 * Meridian as the OpenID Connect client (relying party) of a customer organization's own provider:
 * code flow with PKCE, state and nonce, all checked by openid-client. Every failure is a SsoRefusal
 * (or, while an operator configures the connection, a SsoConfigProblem) in words; no token or code
 * ever reaches a message or a log.
 */

const SCOPE = 'openid email profile';
/** Seconds for any one request to the customer's provider. */
const TIMEOUT_SECONDS = 10;
/** The discovery document is remote configuration: re-read every 10 minutes (per replica, in memory). */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const UNREACHABLE = "Your organization's identity provider could not be reached";

type ClientSettings = Pick<OidcSettings, 'issuer' | 'clientId'> & { clientSecret?: string };
/** Who is asking: an operator configuring the connection, or a person signing in through it. */
type Purpose = 'configure' | 'sign-in';

const discovered = new Map<string, { configuration: client.Configuration; expiresAt: number }>();

function cacheKey({ issuer, clientId, clientSecret }: ClientSettings, transport: SsoTransport): string {
  const secret = createHash('sha256')
    .update(clientSecret ?? '')
    .digest('base64url');
  return JSON.stringify([issuer, clientId, secret, transport.allowHttp]);
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

/** The error and its causes, outermost first (openid-client wraps oauth4webapi's, which says what failed). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 6; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}

/** The first string `name` property along the chain (an error's `code`, a failed comparison's `claim`). */
const field = (chain: unknown[], name: string) =>
  chain
    .map((link) => (link as Record<string, unknown>)[name])
    .find((value): value is string => typeof value === 'string');

/** A network failure's short reason (ECONNREFUSED, ENOTFOUND, timeout…), never a stack. */
function networkReason(error: unknown): string | undefined {
  const chain = causes(error);
  const codes = chain.map((link) => String((link as { code?: unknown }).code));
  if (
    chain.some((link) => ['TimeoutError', 'AbortError'].includes((link as Error).name)) ||
    codes.some((code) => /^UND_ERR_.*TIMEOUT$/.test(code))
  )
    return 'no answer in time';
  // undici's: a kept-alive connection the provider closed.
  if (codes.includes('UND_ERR_SOCKET')) return 'the connection was closed';
  return codes.find((code) => /^E[A-Z_]+$/.test(code));
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
    default: {
      const reason = networkReason(error);
      return `No identity provider answered at the issuer ${issuer}${reason ? ` (${reason})` : ''}.`;
    }
  }
}

function sweepExpired(now: number): void {
  for (const [key, entry] of discovered) if (entry.expiresAt <= now) discovered.delete(key);
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
  const now = Date.now();
  const cached = discovered.get(key);
  if (purpose === 'sign-in' && cached && cached.expiresAt > now) return cached.configuration;
  const fail = (problem: string) =>
    purpose === 'configure' ? new SsoConfigProblem(problem, 'issuer') : new SsoRefusal(`${UNREACHABLE}. ${problem}`);
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
      { timeout: TIMEOUT_SECONDS, ...(transport.allowHttp ? { execute: [client.allowInsecureRequests] } : {}) },
    );
  } catch (error) {
    throw fail(discoveryProblem(settings.issuer, error));
  }
  sweepExpired(now);
  discovered.set(key, { configuration, expiresAt: now + DISCOVERY_TTL_MS });
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

/** The callback's answer verified and exchanged: who the provider says signed in. */
export async function oidcIdentity(
  settings: OidcSettings,
  redirectUri: string,
  callbackUrl: URL,
  request: OidcRequest,
  transport: SsoTransport,
): Promise<VerifiedIdentity> {
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
    throw new SsoRefusal(refusalOf(error));
  }
  return identityOf(claims);
}

/** Claims to an identity; a missing subject or email is a refusal. */
function identityOf(claims: Record<string, unknown>): VerifiedIdentity {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const subject = text(claims.sub);
  const email = text(claims.email)?.toLowerCase();
  if (!subject) throw new SsoRefusal("Your organization's identity provider did not say who signed in (no sub).");
  if (!email)
    throw new SsoRefusal(
      "Your organization's identity provider did not give your email address (no email claim): its administrators must release the email scope to Meridian.",
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

const NOT_SIGNED_IN = "Your organization's identity provider did not sign you in";
const START_AGAIN = 'Start the sign-in again.';
const INVALID_ID_TOKEN = "The identity provider's ID token is not valid";

/** What is wrong with an ID token whose claim `claim` did not compare. */
const CLAIM_PROBLEMS: Record<string, string> = {
  iss: 'it was issued by another issuer',
  aud: 'it was issued for another client',
  azp: 'it was issued for another client',
};

/** A refusal at the token endpoint: its OAuth error and description, from the body or the WWW-Authenticate header. */
function tokenError(error: client.ResponseBodyError | client.WWWAuthenticateChallengeError) {
  if (error instanceof client.ResponseBodyError) return { code: error.error, description: error.error_description };
  const parameters = error.cause[0]?.parameters ?? {};
  return { code: parameters.error ?? `HTTP ${error.status}`, description: parameters.error_description };
}

/** A failed callback or token exchange, in words; the provider's own description where it gave one. */
function refusalOf(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError)
    return `${NOT_SIGNED_IN}: ${shorten(error.error_description || error.error)}`;
  if (error instanceof client.ResponseBodyError || error instanceof client.WWWAuthenticateChallengeError) {
    const { code, description } = tokenError(error);
    const said = `${code}${description ? `: ${shorten(description)}` : ''}`;
    if (code === 'invalid_client')
      return `${NOT_SIGNED_IN}: it refused Meridian's client ID or secret (invalid_client). An administrator must check the connection's client secret.`;
    if (code === 'invalid_grant')
      return `${NOT_SIGNED_IN}: it would not exchange the sign-in's code (${said}); the code was used, expired, or its PKCE verifier does not match. ${START_AGAIN}`;
    return `${NOT_SIGNED_IN}: it refused the token request (${said}).`;
  }
  const chain = causes(error);
  const code = field(chain, 'code');
  const detail = chain.map((link) => (link instanceof Error ? link.message : String(link))).join(': ');
  const claim = field(chain, 'claim');
  if (code === 'OAUTH_INVALID_RESPONSE' && detail.includes('"state"'))
    return `This answer is not for the sign-in you started (its state does not match). ${START_AGAIN}`;
  if (code === 'OAUTH_INVALID_RESPONSE' && detail.includes('"iss"'))
    return `This answer does not come from your organization's identity provider (its issuer does not match). ${START_AGAIN}`;
  if (claim === 'nonce')
    return `The identity provider's ID token was issued for another sign-in (its nonce does not match). ${START_AGAIN}`;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED')
    return `${INVALID_ID_TOKEN}: ${CLAIM_PROBLEMS[claim ?? ''] ?? `its ${claim ?? 'claims'} claim is wrong`}.`;
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
    return `${INVALID_ID_TOKEN}: it has expired or is not valid yet (check the provider's clock).`;
  if (detail.includes('signature verification failed')) return `${INVALID_ID_TOKEN}: its signature does not verify.`;
  if (detail.includes('"id_token"')) return "The identity provider's answer is not valid: it has no ID token.";
  const reason = networkReason(error);
  if (reason || detail.includes('fetch failed'))
    return `${UNREACHABLE}${reason ? ` (${reason})` : ''}. Try again later.`;
  return `The identity provider's answer could not be accepted (${shorten(detail)}).`;
}

/** A provider's text, bounded: it is shown to the person and should not be a page. */
const shorten = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}…` : text);

/**
 * The console's "Test connection": discovery works, the issuer is the one entered, and the provider
 * offers what Meridian uses (code flow, openid scope, S256 PKCE). Answers in words, never throws for
 * the provider's sake.
 */
export async function checkOidcSettings(
  settings: ClientSettings,
  transport: SsoTransport,
): Promise<{ ok: boolean; message: string }> {
  let configuration: client.Configuration;
  try {
    configuration = await discoverOidc(settings, transport, 'configure');
  } catch (error) {
    if (error instanceof SsoConfigProblem) return { ok: false, message: error.message };
    throw error;
  }
  const metadata = configuration.serverMetadata();
  const lacking = missingCapability(metadata);
  if (lacking) return { ok: false, message: `The issuer ${metadata.issuer} ${lacking}` };
  return { ok: true, message: `Found ${metadata.issuer}: sign-in at ${metadata.authorization_endpoint}.` };
}

/** What Meridian needs that the metadata says the provider lacks (absent lists are the spec's defaults). */
function missingCapability(metadata: client.ServerMetadata): string | undefined {
  const listed = (values: readonly string[] | undefined) => (values?.length ? values.join(', ') : 'none');
  if (!metadata.authorization_endpoint) return 'publishes no authorization_endpoint.';
  if (!metadata.token_endpoint) return 'publishes no token_endpoint.';
  if (!metadata.response_types_supported?.includes('code'))
    return `does not offer the authorization code flow (response_types_supported: ${listed(metadata.response_types_supported)}).`;
  if (metadata.grant_types_supported && !metadata.grant_types_supported.includes('authorization_code'))
    return `does not offer the authorization_code grant (grant_types_supported: ${listed(metadata.grant_types_supported)}).`;
  if (metadata.scopes_supported && !metadata.scopes_supported.includes('openid'))
    return `does not offer the openid scope (scopes_supported: ${listed(metadata.scopes_supported)}).`;
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256'))
    return `does not offer S256 PKCE (code_challenge_methods_supported: ${listed(metadata.code_challenge_methods_supported)}).`;
  const auth = metadata.token_endpoint_auth_methods_supported;
  if (auth && !auth.includes('client_secret_basic') && !auth.includes('client_secret_post'))
    return `does not accept a client secret (token_endpoint_auth_methods_supported: ${listed(auth)}).`;
  return undefined;
}
