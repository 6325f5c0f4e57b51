import { hasControlCharacters } from './validators.js';

/**
 * A user's optional text fields, each declared once (issue 40 §4): what every part that carries a
 * user's fields reads — the platform's contract, row, create and seed; the gateway's inputs; the
 * console's create and edit forms and the profile; the audit trail's words. A new one is its entry
 * here (with what SCIM and the identity providers call it), its column (a migration) and its SDL.
 * The email-shaped alternate email is not one of them: it has its own rule and normal form.
 */
export const USER_TEXT_FIELDS = [
  {
    /** The name in GraphQL, REST and the audit trail. */
    field: 'jobTitle',
    /** The users table's column. */
    column: 'job_title',
    /** The words people read: the forms' label, the profile's, the audit trail's. */
    label: 'Job title',
    /** The longest value kept, in characters (what the directories send fits: Entra ID's is 128). */
    maxLength: 128,
    /** The User resource's attribute a directory fills it with (RFC 7643 §4.1.1). */
    scimAttribute: 'title',
    /**
     * The claims an OpenID provider may send it in, the first present taken: OIDC has no standard one,
     * so the names providers use (Keycloak's and Auth0's mappers, Okta's profile attribute, Entra's).
     */
    oidcClaims: ['job_title', 'jobTitle', 'title'],
    /** The SAML attributes likewise: LDAP's title, by its name and by its OID, and the camel-case name. */
    samlAttributes: ['title', 'jobTitle', 'urn:oid:2.5.4.12'],
  },
] as const;

export type UserTextFieldSpec = (typeof USER_TEXT_FIELDS)[number];
/** A text field's name: `jobTitle`. */
export type UserTextField = UserTextFieldSpec['field'];
/** Its column: `job_title`. */
export type UserTextColumn = UserTextFieldSpec['column'];
/** The values of every text field, by name; null: none. */
export type UserTextValues = { [Field in UserTextField]: string | null };

/** What a text field holds: trimmed, and nothing ('' or blank) is null. */
export function userTextOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A text field's problem in words naming it, or null (nothing is always fine: the fields are optional). */
export function validateUserText(spec: UserTextFieldSpec, value: string | null | undefined): string | null {
  const text = userTextOf(value);
  if (text === null) return null;
  if ([...text].length > spec.maxLength) return `${spec.label} must be at most ${spec.maxLength} characters.`;
  if (hasControlCharacters(text)) return `${spec.label} must not contain control characters (such as NUL).`;
  return null;
}
