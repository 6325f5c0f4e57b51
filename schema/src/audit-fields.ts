import { isRole, roleLabel } from './roles.js';
import { signInMethodsText } from './sign-in-methods.js';
import { USER_TEXT_FIELDS } from './user-text-fields.js';

/**
 * The audit trail's fields, values and details in words (issue 39): one place for the names the
 * console shows beside a change or a detail, and the sentences of @meridian/schema's describeAuditEvent.
 * Events keep the platform's names and values as recorded (REST field paths, role keys, RFC 8176
 * codes); only what people read is translated, so the CSV export and the API stay exact.
 */

/**
 * Each audited field (the platform's AUDITED_FIELDS: REST paths, dotted) with the words the console's
 * forms use for it. A field the platform starts auditing gets its words here (a platform test checks).
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'Id',
  name: 'Name',
  status: 'Status',
  active: 'Active',
  domain: 'Domains',
  callbackUrls: 'Callback URLs',
  'primaryContact.name': 'Contact name',
  'primaryContact.email': 'Contact email',
  'preferences.bi_portal.default_states': 'Default states',
  'onboarding.bi.portal_url': 'BI portal URL',
  customer_segment: 'Customer segment',
  medicare_licensed: 'Medicare licensed',
  'licenses.user_limit': 'User limit',
  'licenses.tableau_user_licenses.explorer_count': 'Explorer licenses',
  'licenses.tableau_user_licenses.viewer_count': 'Viewer licenses',
  requireMfa: 'Require a second factor',
  'sso.protocol': 'Single sign-on protocol',
  'sso.ssoOnly': 'Only single sign-on',
  'sso.defaultRole': 'Default role of new single sign-on users',
  'sso.adminEmergencyAccess': 'Org Admins’ emergency access (password and second factor)',
  'sso.trustIdpMfa': 'Trust the identity provider’s second factor',
  'sso.issuer': 'Issuer',
  'sso.clientId': 'Client id',
  'sso.idpEntityId': 'Identity provider entity id',
  'sso.idpSsoUrl': 'Identity provider sign-in URL',
  'sso.idpMetadataUrl': 'Metadata URL',
  email: 'Email',
  organizationId: 'Organization',
  alternateEmail: 'Alternate email',
  ...Object.fromEntries(USER_TEXT_FIELDS.map(({ field, label }) => [field, label])),
  role: 'Role',
  direct_data_access_enabled: 'Direct data access',
  'tableauConfig.tableauLicense': 'Tableau license',
  userEmail: 'Owner',
  credential_enabled: 'Enabled',
};

/** A licensed product's switch: licenses.products.<product key>.enabled. */
const PRODUCT_FIELD = /^licenses\.products\.([^.]+)\.enabled$/;

/** "direct_data_access_enabled" → "Direct data access enabled": a path this version has no words for. */
function wordsOfPath(path: string): string {
  const last = path.split('.').at(-1) ?? path;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : path;
}

/** A changed field's name as people read it ("direct_data_access_enabled" → "Direct data access"). */
export function auditFieldLabel(field: string): string {
  const label = AUDIT_FIELD_LABELS[field];
  if (label) return label;
  const product = PRODUCT_FIELD.exec(field);
  if (product) return `Product ${product[1]}`;
  return wordsOfPath(field);
}

/** How each yes/no field reads, where "Yes" and "No" would say less. */
const BOOLEAN_WORDS: Readonly<Record<string, readonly [yes: string, no: string]>> = {
  active: ['Active', 'Inactive'],
  direct_data_access_enabled: ['On', 'Off'],
  credential_enabled: ['Enabled', 'Disabled'],
  requireMfa: ['Required', 'Not required'],
  'sso.ssoOnly': ['Only single sign-on', 'Passwords too'],
};

const PROTOCOLS: Readonly<Record<string, string>> = { oidc: 'OpenID Connect', saml: 'SAML' };
const TABLEAU_WORDS: Readonly<Record<string, string>> = { viewer: 'Viewer', explorer: 'Explorer', creator: 'Creator' };

/** The gateway sends values as text (JSON for anything not a string); the platform as stored. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value === 'true' || value === 'false' || value === 'null' || /^[[{]/.test(value)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** A string, number or other scalar as text (objects are JSON-stringified before this). */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${value}`;
  return JSON.stringify(value) ?? '';
}

const capitalized = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/**
 * A changed field's value as people read it: roles by their labels ("orgUser" → "Org User"), yes/no
 * fields in words, lists joined, the protocol and Tableau level by name; null for no value (the
 * console says "none"). Anything else reads as recorded.
 */
export function auditValueText(field: string, value: unknown, productName: string): string | null {
  const data = parsed(value);
  if (data === null || data === undefined) return null;
  if (typeof data === 'boolean') {
    const words = BOOLEAN_WORDS[field] ?? (PRODUCT_FIELD.test(field) ? ['Enabled', 'Disabled'] : ['Yes', 'No']);
    return data ? words[0] : words[1];
  }
  if (Array.isArray(data)) return data.length === 0 ? null : data.map((item) => String(item)).join(', ');
  if (typeof data === 'object') return JSON.stringify(data);
  const text = scalarText(data);
  if ((field === 'role' || field === 'sso.defaultRole') && isRole(text)) return roleLabel(text, productName);
  if (field === 'sso.protocol') return PROTOCOLS[text] ?? text;
  if (field === 'tableauConfig.tableauLicense') return TABLEAU_WORDS[text] ?? text;
  if (field === 'status') return capitalized(text.replace(/_/g, ' '));
  return text;
}

/** Why a sign-in was refused (the `reason` of sign-in.failed), in words. */
export const SIGN_IN_FAILURE_REASONS: Readonly<Record<string, string>> = {
  'invalid-credentials': 'wrong email or password',
  inactive: 'the user is inactive',
  'organization-inactive': 'the organization is not active',
  'password-expired': 'the password has expired',
  'invalid-code': 'wrong second-factor code',
  'sso-only': 'the organization signs in with single sign-on only',
  'emergency-access-without-second-factor': 'emergency access needs a second factor, and the person has none',
  // Single sign-on (issue 39): what the customer's provider said, or what its answer broke.
  'sso-idp-error': 'the identity provider refused it',
  'sso-invalid-response': 'the identity provider’s answer did not verify',
  'sso-unreachable': 'the identity provider could not be reached',
  'sso-email-invalid': 'the identity provider gave an invalid email address',
  'sso-email-unverified': 'the identity provider did not verify the email',
  'sso-outside-domains': 'the email is outside the organization’s domains',
  'sso-domain-ambiguous': 'the email’s domain is held by more than one organization',
  'sso-other-organization': 'the email belongs to another organization',
  'sso-subject-mismatch': 'the account is linked to another person at the identity provider',
  'sso-organization-full': 'the organization has reached its user limit',
};

/** The details events carry (`details` of an event), with their words. */
export const AUDIT_DETAIL_LABELS: Readonly<Record<string, string>> = {
  methods: 'Signed in with',
  reason: 'Reason',
  method: 'Single sign-on protocol',
  idpError: 'Identity provider error',
  idpErrorDescription: 'Identity provider said',
  samlStatus: 'SAML status',
  samlStatusMessage: 'SAML status message',
  refusal: 'What did not verify',
  minutes: 'Locked for',
  step: 'Step',
  job: 'Job',
  kind: 'Kind',
  name: 'Name',
  count: 'Sessions',
  sessionsEnded: 'Sessions ended',
  label: 'Label',
  url: 'URL',
  webhookId: 'Webhook id',
  provisioningId: 'Token id',
  outsideDomains: 'Outside the domains',
  directoryAttributes: 'Directory attributes',
  provisionedBy: 'Created by',
  rows: 'Rows',
  bytes: 'Size (bytes)',
  sha256: 'SHA-256',
  linkSent: 'Link sent',
};

const DETAIL_KINDS: Readonly<Record<string, string>> = {
  totp: 'Authenticator app',
  passkey: 'Passkey',
  provider_alias: 'Provider aliases',
  provider_relationship: 'Provider relationships',
};

/** A detail's name as people read it ("methods" → "Signed in with"). */
export const auditDetailLabel = (name: string): string => AUDIT_DETAIL_LABELS[name] ?? wordsOfPath(name);

/**
 * A detail's value as people read it: a sign-in's methods by their names ("fed" → "Single sign-on"), a
 * refusal's reason in words, a factor's kind by name, yes/no and lists in words; otherwise as recorded.
 */
export function auditDetailText(name: string, value: unknown): string {
  const data = parsed(value);
  if (name === 'methods' && Array.isArray(data)) return signInMethodsText(data.map(String));
  if (name === 'reason' && typeof data === 'string') return capitalized(SIGN_IN_FAILURE_REASONS[data] ?? data);
  if (name === 'kind' && typeof data === 'string') return DETAIL_KINDS[data] ?? data;
  if (name === 'minutes' && /^\d+$/.test(String(data)))
    return Number(data) === 1 ? '1 minute' : `${String(data)} minutes`;
  if (typeof data === 'boolean') return data ? 'Yes' : 'No';
  if (data === null || data === undefined) return 'none';
  if (Array.isArray(data)) return data.map(String).join(', ');
  if (typeof data === 'object') return JSON.stringify(data);
  return scalarText(data);
}
