/**
 * Input validators with their user-facing messages (decisions.md). Each returns null when the value is
 * valid, or the message to show next to the field; the gateway's scalars, the platform's request checks
 * and the console's forms all call these.
 */

export const NPI_FORMAT_MESSAGE = 'NPI must be 10 digits, or 15 digits starting with 80840.';
export const npiCheckDigitMessage = (npi: string): string => `NPI ${npi} fails its check digit.`;
export const ZIP_MESSAGE = 'Zip code must be 5 digits, or 5 digits, a hyphen and 4 digits.';
export const EMAIL_MESSAGE = 'Email must be a valid address, like name@example.com.';
export const DATE_TIME_MESSAGE =
  'Date and time must be an ISO 8601 timestamp with a time zone, like 2026-01-31T12:00:00Z.';
export const ORGANIZATION_ID_MESSAGE =
  'Organization id must be 3 to 40 characters: lowercase letters, digits and hyphens.';
export const PASSWORD_POLICY_MESSAGE = 'Password must be at least 12 characters and contain a letter and a digit.';
export const PASSWORD_REUSE_MESSAGE = 'New password must be different from the current one.';
export const ALIAS_MESSAGE = 'Alias must be 1 to 120 characters.';
export const NAME_REQUIRED_MESSAGE = 'Name is required.';
export const CONTACT_NAME_REQUIRED_MESSAGE = 'Contact name is required.';
/** The longest name (of an organization or its contact) the platform stores. */
export const NAME_MAX_LENGTH = 200;
export const DOMAIN_MESSAGE = 'Domain must be a host name, like acme.org.';
export const CALLBACK_URL_MESSAGE =
  'Callback URL must be a full https address, like https://app.acme.org/callback (http only for localhost).';
export const STATE_CODE_MESSAGE = 'States must be two-letter USPS codes, like NY.';
export const WEB_ADDRESS_MESSAGE = 'Must be a full https address, like https://bi.acme.org/ (http only for localhost).';
/** Said of text holding a control character (NUL and the like), which no field may store. */
/** What a single sign-on connection is missing, said by the platform and shown ahead by the console (issue 30). */
export const SSO_REQUIRED_MESSAGES = {
  issuer: 'Enter the issuer of your OpenID provider.',
  clientId: 'Enter the client id Meridian has at your provider.',
  clientSecret: 'Enter the client secret Meridian has at your provider.',
  metadataUrl: 'Enter the URL your identity provider publishes its metadata at.',
  metadataXml: 'Paste your identity provider’s metadata (XML), or give the URL to read it from.',
} as const;
export const IDENTITY_PROVIDER_URL_MESSAGE =
  'Must be the identity provider’s full https address, like https://login.example.com/ (http only for localhost).';
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters (such as NUL).';

// C0 controls and DEL, but tab, line feed and carriage return, which free text may hold.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when `value` holds a control character no field may store (PostgreSQL refuses NUL outright). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** 10-digit NPIs are checked as if prefixed with 80840: the Luhn sum of that prefix is 24. */
const NPI_PREFIX_LUHN_SUM = 24;

/** Luhn sum of `digits` where the rightmost digit is the first to be doubled. */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

/** The check digit an NPI body (9 digits, or 14 digits starting 80840) must end with. */
export function npiCheckDigit(body: string): number {
  const sum = body.length === 9 ? luhnSum(body) + NPI_PREFIX_LUHN_SUM : luhnSum(body);
  return (10 - (sum % 10)) % 10;
}

export function isNpiFormat(value: string): boolean {
  return /^\d{10}$/.test(value) || /^80840\d{10}$/.test(value);
}

export function validateNpi(value: string): string | null {
  if (!isNpiFormat(value)) return NPI_FORMAT_MESSAGE;
  const body = value.slice(0, -1);
  return npiCheckDigit(body) === Number(value.at(-1)) ? null : npiCheckDigitMessage(value);
}

export function validateZip(value: string): string | null {
  return /^\d{5}(-\d{4})?$/.test(value) ? null : ZIP_MESSAGE;
}

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is the mail server's job.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateEmail(value: string): string | null {
  return value.length <= 254 && EMAIL_PATTERN.test(value) ? null : EMAIL_MESSAGE;
}

/** Emails are case-insensitive and stored lowercase (decisions.md). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function validateDateTime(value: string): string | null {
  return DATE_TIME_PATTERN.test(value) && !Number.isNaN(Date.parse(value)) ? null : DATE_TIME_MESSAGE;
}

export function validateOrganizationId(value: string): string | null {
  return /^[a-z0-9-]{3,40}$/.test(value) ? null : ORGANIZATION_ID_MESSAGE;
}

export const PASSWORD_MIN_LENGTH = 12;

/** The password policy as a list of rules, so a form can show each one as the user types. */
export const PASSWORD_RULES = [
  { label: 'At least 12 characters', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { label: 'A letter', test: (p: string) => /\p{L}/u.test(p) },
  { label: 'A digit', test: (p: string) => /\d/.test(p) },
] as const;

export function validatePassword(value: string): string | null {
  return PASSWORD_RULES.every((rule) => rule.test(value)) ? null : PASSWORD_POLICY_MESSAGE;
}

export const RELATIONSHIP_VALUES = ['Employed', 'Affiliated', 'Referral Partner', 'Competitor', 'Other'] as const;
export const RELATIONSHIP_MESSAGE = `Relationship must be one of: ${RELATIONSHIP_VALUES.join(', ')}.`;

export const PROVIDER_LINK_KINDS = ['provider_alias', 'provider_relationship'] as const;
export type ProviderLinkKind = (typeof PROVIDER_LINK_KINDS)[number];

/** At most this many rows in one provider-link or batch-lookup request. */
export const PROVIDER_BATCH_LIMIT = 5000;

export const ALIAS_CONTROL_CHARACTERS_MESSAGE = 'Alias must not contain control characters (such as NUL).';

export function validateProviderLinkValue(kind: ProviderLinkKind, value: string): string | null {
  if (kind === 'provider_alias') {
    if (hasControlCharacters(value)) return ALIAS_CONTROL_CHARACTERS_MESSAGE;
    const trimmed = value.trim();
    return trimmed.length >= 1 && trimmed.length <= 120 ? null : ALIAS_MESSAGE;
  }
  return (RELATIONSHIP_VALUES as readonly string[]).includes(value) ? null : RELATIONSHIP_MESSAGE;
}

/** A name (of a user, an organization or its contact) must not be blank once trimmed. */
export function validateName(value: string, requiredMessage: string = NAME_REQUIRED_MESSAGE): string | null {
  return value.trim() === '' ? requiredMessage : null;
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Email domains compare case-insensitively: kept trimmed and lowercase. */
export const normalizeDomain = (value: string): string => value.trim().toLowerCase();

/** An organization's email domain: a host name (deployment configures sign-in for it). */
export function validateDomain(value: string): string | null {
  return HOST_NAME.test(normalizeDomain(value)) ? null : DOMAIN_MESSAGE;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for an absolute https address, or http on this machine (local development); nothing else. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

/** A sign-in callback URL: an absolute https address (http only for localhost). */
export function validateCallbackUrl(value: string): string | null {
  return isWebAddress(value) ? null : CALLBACK_URL_MESSAGE;
}

/** A web address a person opens (the BI portal): https (http only for localhost); never javascript: or data:. */
export function validateWebAddress(value: string): string | null {
  return isWebAddress(value) ? null : WEB_ADDRESS_MESSAGE;
}

/** A customer identity provider's address (an OIDC issuer, a SAML metadata URL): https, http only for localhost. */
export function validateIdentityProviderUrl(value: string): string | null {
  return isWebAddress(value) ? null : IDENTITY_PROVIDER_URL_MESSAGE;
}

/** A US state as a two-letter USPS code (the BI portal's default states). */
export function validateStateCode(value: string): string | null {
  return /^[A-Z]{2}$/.test(value) ? null : STATE_CODE_MESSAGE;
}

/** The first problem among a list's entries, or null. */
export function firstProblem(values: readonly string[], validate: (value: string) => string | null): string | null {
  for (const value of values) {
    const problem = validate(value);
    if (problem) return problem;
  }
  return null;
}
