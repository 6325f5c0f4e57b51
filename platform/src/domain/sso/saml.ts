/**
 * SAML 2.0: Meridian as a service provider of a customer organization's identity provider (issue 30).
 * @node-saml/node-saml builds the AuthnRequest and verifies the response (signature, audience, validity
 * window, InResponseTo); this module reads the IdP's metadata, keeps the request ids in PostgreSQL so
 * any replica can take the response, adds the checks node-saml 5 leaves out (assertion issuer, bearer
 * Recipient, signed InResponseTo, single use under concurrency) and says every refusal in words.
 */
import { X509Certificate } from 'node:crypto';
import {
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
  generateServiceProviderMetadata,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';
import { isWebAddress } from '@meridian/schema';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import type { Queryable } from '../../db/database.js';
import { samlRequestCache } from '../../stores/saml-requests.js';
import { outboundFailureSentence } from '../outbound/failure.js';
import { userTextFromProvider } from '../user-text.js';
import {
  SsoConfigProblem,
  SsoRefusal,
  type IdpMetadata,
  type IdpReturned,
  type ServiceProvider,
  type SsoTransport,
  type VerifiedIdentity,
} from './types.js';

/** How long a sign-in may stay at the customer's provider: older request ids count as never sent. */
export const SAML_REQUEST_EXPIRY_MS = 15 * 60_000;
/** Clocks of the customer's provider and ours may disagree this much. */
const CLOCK_SKEW_MS = 60_000;
/** A response is posted right after it is issued: one older than this is refused whatever it says. */
const MAX_ASSERTION_AGE_MS = 5 * 60_000;
export const METADATA_MAX_BYTES = 256 * 1024;
const METADATA_TIMEOUT_MS = 5_000;
const METADATA_MAX_REDIRECTS = 3;
/** Far above any real response (a few KiB); refused before parsing. */
const RESPONSE_MAX_CHARS = 1024 * 1024;

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const select = xpath.useNamespaces({
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
});

// --- The identity provider's metadata ---

/** Reads what a sign-in needs from the IdP's EntityDescriptor; refuses in words an operator can act on. */
export function readIdpMetadata(xml: string): IdpMetadata {
  const problem = (message: string) => new SsoConfigProblem(message, 'metadataXml');
  if (Buffer.byteLength(xml, 'utf8') > METADATA_MAX_BYTES)
    throw problem(
      `The metadata is larger than ${METADATA_MAX_BYTES / 1024} KiB: give the identity provider's own metadata document (one EntityDescriptor).`,
    );
  const doc = parseXml(xml);
  if (!doc)
    throw problem(
      "The metadata is not XML: paste the identity provider's metadata document (it begins with <EntityDescriptor or <?xml).",
    );
  if (doc.doctype)
    throw problem(
      "The metadata contains a DOCTYPE declaration, which is not accepted: give the identity provider's metadata document as it publishes it.",
    );
  const entities = nodes('//md:EntityDescriptor[md:IDPSSODescriptor]', doc).filter(xpath.isElement);
  if (entities.length === 0)
    throw problem(
      'The metadata describes no identity provider (no IDPSSODescriptor): give the metadata of the identity provider, not of a service provider.',
    );
  if (entities.length > 1)
    throw problem(
      `The metadata describes ${entities.length} identity providers: give the metadata of this organization's identity provider only.`,
    );
  const entity = entities[0]!;
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw problem('The metadata has no entityID on its EntityDescriptor.');
  const descriptor = nodes(
    "md:IDPSSODescriptor[contains(@protocolSupportEnumeration, 'urn:oasis:names:tc:SAML:2.0:protocol')]",
    entity,
  )[0];
  if (!descriptor)
    throw problem("The identity provider's metadata does not offer SAML 2.0 (protocolSupportEnumeration).");
  const ssoUrl = values(`md:SingleSignOnService[@Binding='${REDIRECT_BINDING}']/@Location`, descriptor)[0]?.trim();
  if (!ssoUrl)
    throw problem(
      "The identity provider's metadata has no sign-in URL for the HTTP-Redirect binding (a SingleSignOnService with Binding HTTP-Redirect).",
    );
  // The rule of every address a connection names (schema's): https, http only on this machine.
  if (!isWebAddress(ssoUrl))
    throw problem(`The identity provider's sign-in URL must be https (http only for localhost): ${ssoUrl}`);
  const certificates = [
    ...new Set(
      values("md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate", descriptor)
        .map((text) => text.replace(/\s+/g, ''))
        .filter((text) => text.length > 0),
    ),
  ];
  if (certificates.length === 0)
    throw problem(
      "The identity provider's metadata has no signing certificate (a KeyDescriptor for signing with an X509Certificate): without it no response can be verified.",
    );
  for (const certificate of certificates) {
    try {
      new X509Certificate(Buffer.from(certificate, 'base64'));
    } catch {
      throw problem("A signing certificate in the identity provider's metadata is not a valid X.509 certificate.");
    }
  }
  return { entityId, ssoUrl, certificates };
}

const DAY_MS = 24 * 60 * 60_000;
/** A certificate that expires within this long is worth a word at the test: its IdP will roll it over. */
const EXPIRY_NOTICE_MS = 30 * DAY_MS;
/** The smallest RSA key a signing certificate may carry (NIST SP 800-131A). */
const MIN_RSA_BITS = 2048;

/**
 * The console's "Test connection" for SAML (issue 39) reads the metadata and judges its signing
 * certificates: one that carries a weak key, has expired or is not valid yet signs nothing Meridian
 * should accept (node-saml checks the signature against it, not its dates), and one near its end is
 * worth saying. The rest (what the IdP really sends) is the test sign-in's to prove.
 */
export function certificateStanding(
  certificates: readonly string[],
  now = new Date(),
): { ok: boolean; notes: string[] } {
  const date = (when: Date) => when.toISOString().slice(0, 10);
  const notes: string[] = [];
  let usable = 0;
  certificates.forEach((base64, index) => {
    const certificate = new X509Certificate(Buffer.from(base64, 'base64'));
    const name = certificates.length === 1 ? 'Its signing certificate' : `Signing certificate ${index + 1}`;
    const from = new Date(certificate.validFrom);
    const to = new Date(certificate.validTo);
    const bits = certificate.publicKey.asymmetricKeyDetails?.modulusLength;
    if (certificate.publicKey.asymmetricKeyType === 'rsa' && bits !== undefined && bits < MIN_RSA_BITS)
      notes.push(`${name} has a ${bits}-bit RSA key, weaker than the ${MIN_RSA_BITS} bits Meridian accepts.`);
    else if (to.getTime() <= now.getTime()) notes.push(`${name} expired on ${date(to)}.`);
    else if (from.getTime() > now.getTime()) notes.push(`${name} is not valid before ${date(from)}.`);
    else {
      usable += 1;
      if (to.getTime() - now.getTime() < EXPIRY_NOTICE_MS) notes.push(`${name} expires on ${date(to)}.`);
    }
  });
  return { ok: usable > 0, notes };
}

/**
 * Why the metadata URL could not be read, telling no port's state: a refused, reset or silent address
 * all read the same (outbound/failure.ts).
 */
function unreachableMetadata(error: unknown): string {
  return `${outboundFailureSentence(error, 'The metadata URL', METADATA_TIMEOUT_MS)}.`;
}

/** Downloads the IdP's metadata (https only unless the transport allows http), within 5 s and 256 KiB. */
export async function fetchIdpMetadata(url: string, transport: SsoTransport): Promise<string> {
  const problem = (message: string) => new SsoConfigProblem(message, 'metadataUrl');
  let target = url.trim();
  // Redirects are followed by hand, so that none of them leaves https.
  for (let hop = 0; ; hop++) {
    let parsed: URL;
    try {
      parsed = new URL(target);
    } catch {
      throw problem('The metadata URL is not a valid URL.');
    }
    if (parsed.protocol !== 'https:' && !(transport.allowHttp && parsed.protocol === 'http:'))
      throw problem(
        hop === 0
          ? 'The metadata URL must start with https://.'
          : 'The metadata URL redirects to an address that is not https://.',
      );
    let response: Response;
    try {
      // Through the address guard in production (outbound/): a metadata URL cannot reach into the network.
      response = await transport.fetch(parsed, {
        redirect: 'manual',
        signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
        headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      });
    } catch (error) {
      throw problem(unreachableMetadata(error));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      if (hop >= METADATA_MAX_REDIRECTS) throw problem('The metadata URL redirects too many times.');
      target = new URL(location, parsed).toString();
      continue;
    }
    if (!response.ok) throw problem(`The metadata URL answered HTTP ${response.status} instead of the metadata.`);
    return readLimited(response, METADATA_MAX_BYTES, () =>
      problem(`The metadata at that URL is larger than ${METADATA_MAX_BYTES / 1024} KiB.`),
    );
  }
}

// --- Sign-in ---

/** The IdP's sign-in URL with a new AuthnRequest (HTTP-Redirect), whose id is remembered for the response. */
export async function samlAuthorizeUrl(
  db: Queryable,
  idp: IdpMetadata,
  sp: ServiceProvider,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  const cache = samlRequestCache(db, SAML_REQUEST_EXPIRY_MS);
  let requestId: string | undefined;
  // node-saml saves the request's id in the cache before building the request: read it back there.
  const recording: CacheProvider = {
    ...cache,
    saveAsync: (key, value) => {
      requestId = key;
      return cache.saveAsync(key, value);
    },
  };
  const url = await samlClient(idp, sp, recording).getAuthorizeUrlAsync(relayState, undefined, {});
  if (!requestId) throw new Error('node-saml built an AuthnRequest without saving its id');
  return { url, requestId };
}

const MFA_CLASSES = new Set([
  'http://schemas.microsoft.com/claims/multipleauthn',
  'https://refeds.org/profile/mfa',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
]);
/** Entra ID and AD FS name the methods used in this attribute (multipleauthn after a second factor). */
const AUTHN_METHODS_ATTRIBUTE = 'http://schemas.microsoft.com/claims/authnmethodsreferences';
const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const GIVEN_NAME_ATTRIBUTES = [
  'givenName',
  'firstName',
  'urn:oid:2.5.4.42',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
];
const FAMILY_NAME_ATTRIBUTES = [
  'surname',
  'sn',
  'lastName',
  'familyName',
  'urn:oid:2.5.4.4',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
];
const DISPLAY_NAME_ATTRIBUTES = [
  'displayName',
  'urn:oid:2.16.840.1.113730.3.1.241',
  'http://schemas.microsoft.com/identity/claims/displayname',
];

/**
 * Verifies the response the IdP had the browser post to the ACS URL, and takes its request id (once:
 * a replay, or a response to a request we never sent, is refused). Never logs the response.
 */
export async function samlIdentity(
  db: Queryable,
  idp: IdpMetadata,
  sp: ServiceProvider,
  form: { SAMLResponse?: string; RelayState?: string },
): Promise<{ identity: VerifiedIdentity; returned: IdpReturned; inResponseTo: string }> {
  if (!form.SAMLResponse) throw unverified('it carried no SAMLResponse', 'response');
  if (form.SAMLResponse.length > RESPONSE_MAX_CHARS)
    throw unverified('it is too large to be a sign-in response', 'response');
  const cache = samlRequestCache(db, SAML_REQUEST_EXPIRY_MS);
  // node-saml takes the request id when the response checks out, but does not look at whether its
  // delete found the entry: of two copies posted at once, only the one whose delete did may pass.
  const taken = new Set<string>();
  const taking: CacheProvider = {
    ...cache,
    removeAsync: async (key) => {
      const value = await cache.removeAsync(key);
      if (key !== null && value !== null) taken.add(key);
      return value;
    },
  };
  const container: Record<string, string> = { SAMLResponse: form.SAMLResponse };
  if (form.RelayState !== undefined) container.RelayState = form.RelayState;
  let profile: Profile | null;
  try {
    ({ profile } = await samlClient(idp, sp, taking).validatePostResponseAsync(container));
  } catch (error) {
    // The IdP's refusal is told by its type; what it said is read from the response itself (the
    // error's own copy of the Status is rebuilt without namespaces).
    if (error instanceof SamlStatusError) throw responseRefusal(form.SAMLResponse) ?? idpRefusal(undefined, undefined);
    throw refusalFor(error, sp);
  }
  if (!profile) throw unverified('it signs no one in', 'response');
  // node-saml 5 reads the Response's status only when it carries no assertion: a refusal (Requester,
  // Responder…) that still holds a signed assertion is the IdP's refusal all the same.
  const refusedStatus = responseRefusal(form.SAMLResponse);
  if (refusedStatus) throw refusedStatus;
  const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '';
  if (!inResponseTo || !(taken.has(inResponseTo) || (await taking.removeAsync(inResponseTo)) !== null))
    throw unverified(REPLAYED, 'replay');
  if (profile.issuer !== idp.entityId)
    throw unverified(
      `its assertion was issued by another identity provider than this organization's (${idp.entityId})`,
      'issuer',
    );

  const assertion = parseXml(profile.getAssertionXml?.() ?? '');
  if (!assertion) throw unverified('its assertion could not be read', 'response');
  const bearer =
    "saml:Subject/saml:SubjectConfirmation[@Method='urn:oasis:names:tc:SAML:2.0:cm:bearer']/saml:SubjectConfirmationData";
  const confirmations = nodes(`/saml:Assertion/${bearer}`, assertion).filter(xpath.isElement);
  if (!confirmations.some((data) => data.getAttribute('Recipient') === sp.acsUrl))
    throw unverified(
      `it is addressed to another recipient than Meridian's sign-in address (${sp.acsUrl})`,
      'recipient',
    );
  // The Response's InResponseTo is outside the signature when only the assertion is signed: the signed
  // one, in the bearer confirmation, must name our request too.
  if (!confirmations.some((data) => data.getAttribute('InResponseTo') === inResponseTo))
    throw unverified(REPLAYED, 'replay');

  const email = emailOf(profile);
  if (!email)
    throw new SsoRefusal(
      "Your organization's identity provider did not send an email address (an email attribute, or a NameID in the emailAddress format): ask your IT to release it to Meridian.",
      { reason: 'sso-invalid-response', refusal: 'email' },
    );
  const classes = values('/saml:Assertion/saml:AuthnStatement/saml:AuthnContext/saml:AuthnContextClassRef', assertion);
  const methods = attributeValues(profile, AUTHN_METHODS_ATTRIBUTE);
  const givenName = firstAttribute(profile, GIVEN_NAME_ATTRIBUTES);
  const familyName = firstAttribute(profile, FAMILY_NAME_ATTRIBUTES);
  const name =
    firstAttribute(profile, DISPLAY_NAME_ATTRIBUTES) ??
    ([givenName, familyName].filter(Boolean).join(' ') || undefined);
  const identity: VerifiedIdentity = {
    subject: profile.nameID,
    email,
    // A SAML assertion has no email_verified: the IdP signs the email as its own (types.ts).
    emailVerified: true,
    ...(name ? { name } : {}),
    ...(givenName ? { givenName } : {}),
    ...(familyName ? { familyName } : {}),
    text: userTextFromProvider('samlAttributes', (attribute) => firstAttribute(profile, [attribute])),
    mfa: [...classes, ...methods].some((value) => MFA_CLASSES.has(value.trim())),
  };
  // What a test sign-in shows: the assertion's subject, how the person signed in, and every attribute.
  const returned: IdpReturned = {
    issuer: profile.issuer,
    nameID: profile.nameID,
    nameIDFormat: profile.nameIDFormat,
    authnContextClassRef: classes,
    attributes: profile.attributes ?? {},
  };
  return { identity, returned, inResponseTo };
}

/** Meridian's SP metadata for the customer's IT: entity id, ACS URL (HTTP-POST), assertions signed. */
export function serviceProviderMetadata(sp: ServiceProvider): string {
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: EMAIL_NAME_ID,
    wantAssertionsSigned: true,
  });
}

// --- Helpers ---

function samlClient(idp: IdpMetadata, sp: ServiceProvider, cacheProvider: CacheProvider): SAML {
  return new SAML({
    entryPoint: idp.ssoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpCert: idp.certificates,
    idpIssuer: idp.entityId,
    // Either the whole response or the assertion must carry a valid signature (the assertion is then
    // covered either way); node-saml's wantAssertionsSigned would refuse a response signed as a whole.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_EXPIRY_MS,
    cacheProvider,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    // Let the IdP choose the NameID and how to authenticate (its own MFA policy): a requested format or
    // context it cannot meet makes AD FS and Entra ID refuse the sign-in.
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

const REPLAYED = 'it answers no sign-in started here, or one already answered (a replayed or unknown request)';

function unverified(reason: string, refusal: string): SsoRefusal {
  return new SsoRefusal(`The response from your organization's identity provider could not be verified: ${reason}.`, {
    reason: 'sso-invalid-response',
    refusal,
  });
}

/** The last part of a SAML status URI (urn:oasis:names:tc:SAML:2.0:status:Requester → Requester). */
const statusName = (uri: string) => uri.slice(uri.lastIndexOf(':') + 1);

const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/** The IdP's refusal when the Response's top-level StatusCode is not Success, else undefined. */
function responseRefusal(samlResponse: string): SsoRefusal | undefined {
  const doc = parseXml(Buffer.from(samlResponse, 'base64').toString('utf8'));
  if (!doc) return undefined;
  const code = values('/samlp:Response/samlp:Status/samlp:StatusCode/@Value', doc)[0]?.trim();
  if (!code || code === SUCCESS) return undefined;
  const message = values('/samlp:Response/samlp:Status/samlp:StatusMessage', doc)[0]?.trim().slice(0, 200);
  return idpRefusal(statusName(code), message);
}

/** The IdP said no: its status and message, in the person's words and for the trail. */
function idpRefusal(code: string | undefined, statusMessage: string | undefined): SsoRefusal {
  const said = code ? `${code}${statusMessage ? `: ${statusMessage}` : ''}` : 'an error';
  return new SsoRefusal(`Your organization's identity provider did not sign you in (it answered ${said}).`, {
    reason: 'sso-idp-error',
    ...(code ? { samlStatus: code } : {}),
    ...(statusMessage ? { samlStatusMessage: statusMessage } : {}),
  });
}

/**
 * node-saml's other refusals, in words. node-saml 5 throws a plain Error for each (only SamlStatusError
 * has a type: node-saml/node-saml#57 asks for more), so its messages are matched here, never shown raw;
 * saml.test.ts proves each match against node-saml's real refusals.
 */
function refusalFor(error: unknown, sp: ServiceProvider): SsoRefusal {
  const message = error instanceof Error ? error.message : '';
  if (/InResponseTo/i.test(message)) return unverified(REPLAYED, 'replay');
  if (/signature/i.test(message))
    return unverified(
      "its signature is missing or does not match the identity provider's certificate in the connection",
      'signature',
    );
  if (/audience/i.test(message))
    return unverified(
      `it is meant for another service (its audience is not Meridian's entity id ${sp.entityId})`,
      'audience',
    );
  if (/expired|not yet valid|subject confirmation/i.test(message))
    return unverified(
      "it has expired or is not yet valid (its validity period, or the two servers' clocks disagree)",
      'validity',
    );
  if (/Missing SAML assertion/i.test(message)) return unverified('it carries no assertion', 'assertion');
  return unverified('it is not a valid SAML response', 'response');
}

function emailOf(profile: Profile): string | undefined {
  const fromAttributes = firstAttribute(profile, EMAIL_ATTRIBUTES);
  const fromNameId = profile.nameIDFormat === EMAIL_NAME_ID ? profile.nameID : undefined;
  // Checked by the sign-in rules with schema's email validator, like an OIDC provider's (sign-in.ts).
  return (fromAttributes ?? fromNameId)?.trim().toLowerCase() || undefined;
}

function attributeValues(profile: Profile, name: string): string[] {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const value = attributes[name];
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
}

function firstAttribute(profile: Profile, names: string[]): string | undefined {
  for (const name of names) {
    const value = attributeValues(profile, name).find((item) => item.trim().length > 0);
    if (value) return value.trim();
  }
  return undefined;
}

/** An XML document, or undefined when the text is not well-formed XML. */
function parseXml(text: string): Document | undefined {
  let failed = false;
  const onError = () => {
    failed = true;
  };
  try {
    const doc = new DOMParser({
      errorHandler: { warning: () => {}, error: onError, fatalError: onError },
    }).parseFromString(text, 'application/xml');
    return failed || !doc?.documentElement ? undefined : doc;
  } catch {
    return undefined;
  }
}

function nodes(expression: string, context: Node): Node[] {
  const result = select(expression, context);
  return xpath.isArrayOfNodes(result) ? result : [];
}

function values(expression: string, context: Node): string[] {
  return nodes(expression, context).map((node) => (xpath.isAttribute(node) ? node.value : (node.textContent ?? '')));
}

/** The body as text, refused once it passes `maxBytes` (a Content-Length can be absent or wrong). */
async function readLimited(response: Response, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
