import * as client from 'openid-client';
import { outboundFailureAside } from '../outbound/failure.js';
import { SsoRefusal, type SsoFailure } from './types.js';

/**
 * openid-client's failures in words (its errors and oauth4webapi's codes are its API: matched here,
 * never shown raw), each with what the audit trail keeps of it. No token or code reaches a message.
 */

export const UNREACHABLE = "Your organization's identity provider could not be reached";
const NOT_SIGNED_IN = "Your organization's identity provider did not sign you in";
const START_AGAIN = 'Start the sign-in again.';
const INVALID_ID_TOKEN = "The identity provider's ID token is not valid";

/** The error and its causes, outermost first (openid-client wraps oauth4webapi's, which says what failed). */
export function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 8; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}

/** The first string `name` property along the chain (an error's `code`, a failed comparison's `claim`). */
const field = (chain: unknown[], name: string) =>
  chain
    .map((link) => (link as Record<string, unknown>)[name])
    .find((value): value is string => typeof value === 'string');

/** True when the chain ends in a network failure (fetch failed, a socket error, a timeout). */
function isNetworkFailure(chain: unknown[]): boolean {
  return chain.some(
    (link) =>
      (link instanceof TypeError && link.message === 'fetch failed') ||
      ['TimeoutError', 'AbortError', 'PrivateAddressRefused'].includes((link as Error).name) ||
      /^(E[A-Z_]+|UND_ERR_.*)$/.test(String((link as { code?: unknown }).code)),
  );
}

/** What is wrong with an ID token whose claim `claim` did not compare. */
const CLAIM_PROBLEMS: Record<string, string> = {
  iss: 'it was issued by another issuer',
  aud: 'it was issued for another client',
  azp: 'it was issued for another client',
};

/** A refusal at the token endpoint: its OAuth error and description, from the body or the WWW-Authenticate header. */
export function tokenError(error: client.ResponseBodyError | client.WWWAuthenticateChallengeError) {
  if (error instanceof client.ResponseBodyError) return { code: error.error, description: error.error_description };
  const parameters = error.cause[0]?.parameters ?? {};
  return { code: parameters.error ?? `HTTP ${error.status}`, description: parameters.error_description };
}

export const isTokenEndpointError = (
  error: unknown,
): error is client.ResponseBodyError | client.WWWAuthenticateChallengeError =>
  error instanceof client.ResponseBodyError || error instanceof client.WWWAuthenticateChallengeError;

/** A provider's text, bounded: it is shown to the person and kept in the trail, and should not be a page. */
export const shorten = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}…` : text);

const idpError = (code: string, description: string | undefined): SsoFailure => ({
  reason: 'sso-idp-error',
  idpError: shorten(code),
  ...(description ? { idpErrorDescription: shorten(description) } : {}),
});

const invalid = (refusal: string): SsoFailure => ({ reason: 'sso-invalid-response', refusal });

/** Why the ID token's signature was not accepted, or undefined when the failure is not about it. */
function signatureRefusal(chain: unknown[], code: string | undefined, detail: string): SsoRefusal | undefined {
  const named = chain
    .map(
      (link) =>
        (link as { cause?: { alg?: unknown } }).cause?.alg ?? (link as { header?: { alg?: unknown } }).header?.alg,
    )
    .find((value): value is string => typeof value === 'string');
  const alg = named ?? 'an algorithm';
  if (code === 'OAUTH_UNSUPPORTED_OPERATION' && /JWS (algorithm|"alg")/.test(detail))
    return new SsoRefusal(
      `${INVALID_ID_TOKEN}: it is signed with ${alg}, and Meridian accepts only ID tokens signed with one of the provider's published keys (RS256, ES256, EdDSA…).`,
      invalid('algorithm'),
    );
  if (detail.includes('unexpected JWT "alg" header parameter'))
    return new SsoRefusal(
      `${INVALID_ID_TOKEN}: it is signed with ${alg}, which the provider does not publish.`,
      invalid('algorithm'),
    );
  if (code === 'OAUTH_KEY_SELECTION_FAILED')
    return new SsoRefusal(
      `${INVALID_ID_TOKEN}: it is not signed with any of the keys the provider publishes (its jwks_uri).`,
      invalid('key'),
    );
  if (detail.includes('signature verification failed'))
    return new SsoRefusal(`${INVALID_ID_TOKEN}: its signature does not verify.`, invalid('signature'));
  return undefined;
}

/** A failed callback or token exchange, in words; the provider's own description where it gave one. */
export function refusalOf(error: unknown): SsoRefusal {
  if (error instanceof client.AuthorizationResponseError)
    return new SsoRefusal(
      `${NOT_SIGNED_IN}: ${shorten(error.error_description || error.error)}`,
      idpError(error.error, error.error_description),
    );
  if (isTokenEndpointError(error)) {
    const { code, description } = tokenError(error);
    const said = `${code}${description ? `: ${shorten(description)}` : ''}`;
    const failure = idpError(code, description);
    if (code === 'invalid_client')
      return new SsoRefusal(
        `${NOT_SIGNED_IN}: it refused Meridian's client ID or secret (invalid_client). An administrator must check the connection's client secret.`,
        failure,
      );
    if (code === 'invalid_grant')
      return new SsoRefusal(
        `${NOT_SIGNED_IN}: it would not exchange the sign-in's code (${said}); the code was used, expired, or its PKCE verifier does not match. ${START_AGAIN}`,
        failure,
      );
    return new SsoRefusal(`${NOT_SIGNED_IN}: it refused the token request (${said}).`, failure);
  }
  const chain = causes(error);
  const code = field(chain, 'code');
  const detail = chain.map((link) => (link instanceof Error ? link.message : String(link))).join(': ');
  const claim = field(chain, 'claim');
  if (code === 'OAUTH_INVALID_RESPONSE' && detail.includes('"state"'))
    return new SsoRefusal(
      `This answer is not for the sign-in you started (its state does not match). ${START_AGAIN}`,
      invalid('state'),
    );
  if (code === 'OAUTH_INVALID_RESPONSE' && detail.includes('"iss"'))
    return new SsoRefusal(
      `This answer does not come from your organization's identity provider (its issuer does not match). ${START_AGAIN}`,
      invalid('issuer'),
    );
  if (claim === 'nonce')
    return new SsoRefusal(
      `The identity provider's ID token was issued for another sign-in (its nonce does not match). ${START_AGAIN}`,
      invalid('nonce'),
    );
  const signature = signatureRefusal(chain, code, detail);
  if (signature) return signature;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED')
    return new SsoRefusal(
      `${INVALID_ID_TOKEN}: ${CLAIM_PROBLEMS[claim ?? ''] ?? `its ${claim ?? 'claims'} claim is wrong`}.`,
      invalid(claim ?? 'claims'),
    );
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
    return new SsoRefusal(
      `${INVALID_ID_TOKEN}: it has expired or is not valid yet (check the provider's clock).`,
      invalid('validity'),
    );
  if (detail.includes('"id_token"'))
    return new SsoRefusal("The identity provider's answer is not valid: it has no ID token.", invalid('id_token'));
  if (isNetworkFailure(chain))
    return new SsoRefusal(`${UNREACHABLE}${outboundFailureAside(error)}. Try again later.`, {
      reason: 'sso-unreachable',
    });
  return new SsoRefusal(
    `The identity provider's answer could not be accepted (${shorten(detail)}).`,
    invalid('response'),
  );
}
