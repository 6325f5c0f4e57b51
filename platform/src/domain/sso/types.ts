import type { OutboundFetch } from '../outbound/fetch.js';
import type { GivenUserText } from '../user-text.js';

/**
 * Single sign-on through a customer organization's own identity provider (issue 30): the shapes the
 * protocol adapters (oidc.ts, saml.ts) and the sign-in rules (sign-in.ts) share.
 */

/** What a customer's provider vouched for, once its answer has been verified (signature, audience…). */
export interface VerifiedIdentity {
  /** The provider's own identifier of the person (OIDC `sub`, SAML NameID). */
  subject: string;
  /** The email the provider gave, trimmed and lower-cased. */
  email: string;
  /**
   * Whether the provider says it verified the email: OIDC `email_verified === true`; a SAML assertion
   * carries no such claim, so its signed email is taken as the IdP's own (verified).
   */
  emailVerified: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  /** The person's texts the provider sent (a job title: schema's USER_TEXT_FIELDS' claims and attributes). */
  text?: GivenUserText;
  /**
   * True when the provider says the person used more than one factor: OIDC `amr` containing `mfa` (or
   * two kinds of method) or a multi-factor `acr`; SAML an AuthnContextClassRef of a multi-factor class.
   */
  mfa: boolean;
}

/**
 * Why a sign-in through a customer's provider failed, as the audit trail keeps it (`sign-in.failed`
 * details beside `method`): the provider's own error (`idp-error`: OIDC error code and description, or
 * the SAML status and its message), an answer that did not verify (`invalid-response`, with what did
 * not: signature, state, audience…), or a provider that could not be reached (`unreachable`).
 */
export interface SsoFailure {
  reason: 'sso-idp-error' | 'sso-invalid-response' | 'sso-unreachable';
  /** OIDC: the provider's error code (access_denied, invalid_client…). */
  idpError?: string;
  /** OIDC: the provider's error_description, bounded. */
  idpErrorDescription?: string;
  /** SAML: the response's top-level StatusCode (Requester, Responder…), and its StatusMessage. */
  samlStatus?: string;
  samlStatusMessage?: string;
  /** What did not verify: signature, algorithm, key, state, nonce, issuer, audience, validity, replay… */
  refusal?: string;
}

/** A customer's provider answered, but not with a sign-in we may accept: the message says why, in words. */
export class SsoRefusal extends Error {
  override readonly name = 'SsoRefusal';
  constructor(
    message: string,
    /** What the audit trail records of it. */
    readonly failure: SsoFailure = { reason: 'sso-invalid-response' },
  ) {
    super(message);
  }
}

/** What the provider returned, as a test sign-in shows it: the OIDC claims, or the SAML subject and attributes. */
export type IdpReturned = Record<string, unknown>;

/** A connection's settings are unusable (discovery or metadata unreadable): the message says why, in words. */
export class SsoConfigProblem extends Error {
  override readonly name = 'SsoConfigProblem';
  constructor(
    message: string,
    /** The input field to fix: issuer, metadataXml, metadataUrl… */
    readonly field: string,
  ) {
    super(message);
  }
}

/** An OIDC connection's settings, the client secret opened. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A SAML connection's identity provider, as read from its metadata. */
export interface IdpMetadata {
  entityId: string;
  /** Its SingleSignOnService for the HTTP-Redirect binding. */
  ssoUrl: string;
  /** Its signing certificates (base64 DER, no PEM armour). */
  certificates: string[];
}

/** Meridian as a SAML service provider of one organization. */
export interface ServiceProvider {
  entityId: string;
  /** Assertion Consumer Service, HTTP-POST binding. */
  acsUrl: string;
}

/** What an OIDC sign-in must carry to the callback (kept in sso_pending). */
export interface OidcRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * How the platform reaches a customer's provider. In production: https only, and every fetch through
 * the address guard (outbound/), so a connection's addresses cannot reach into the private network;
 * outside production plain http:// and loopback are allowed (the tests' providers and the embedded
 * demo run on localhost).
 */
export interface SsoTransport {
  allowHttp: boolean;
  /** Whether `fetch` refuses private addresses (production). */
  guard: boolean;
  fetch: OutboundFetch;
}
