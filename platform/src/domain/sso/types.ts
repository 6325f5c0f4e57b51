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
  /**
   * True when the provider says the person used more than one factor: OIDC `amr` containing `mfa` (or
   * two kinds of method) or a multi-factor `acr`; SAML an AuthnContextClassRef of a multi-factor class.
   */
  mfa: boolean;
}

/** A customer's provider answered, but not with a sign-in we may accept: the message says why, in words. */
export class SsoRefusal extends Error {
  override readonly name = 'SsoRefusal';
}

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
 * Whether plain http:// is allowed for a customer's provider: only outside production (the tests'
 * providers and the embedded demo run on localhost).
 */
export interface SsoTransport {
  allowHttp: boolean;
}
