import { SSO_REQUIRED_MESSAGES, validateIdentityProviderUrl } from '@meridian/schema';
import type { OrganizationSsoInput, Role, SsoProtocol } from '../../../../gql/graphql.js';
import type { FieldErrors } from '../../shared/field-rules.js';

/** The roles a connection may give the people it creates: an organization's own. */
export type ConnectionRole = Extract<Role, 'ORG_ADMIN' | 'ORG_USER'>;
export const CONNECTION_ROLES = ['ORG_USER', 'ORG_ADMIN'] as const satisfies readonly ConnectionRole[];

/** Where a SAML connection's identity provider metadata comes from. */
export type MetadataSource = 'url' | 'xml';

/** The sign-in settings as the form holds them. */
export interface SignInValues {
  protocol: SsoProtocol;
  issuer: string;
  clientId: string;
  /** What the operator typed; empty keeps the stored secret (it is never read back). */
  clientSecret: string;
  metadataSource: MetadataSource;
  metadataUrl: string;
  metadataXml: string;
  ssoOnly: boolean;
  defaultRole: ConnectionRole;
  /** Whether the provider's second factor counts as the organization's (TrustIdpMfaField). */
  trustIdpMfa: boolean;
  /** Org Admins keep their password with a second factor while ssoOnly is on (only operators change it). */
  adminEmergencyAccess: boolean;
}

/** The fields, named as the gateway names them in inputErrors (without `input.`). */
export const SIGN_IN_FIELDS = [
  'protocol',
  'issuer',
  'clientId',
  'clientSecret',
  'metadataUrl',
  'metadataXml',
  'ssoOnly',
  'defaultRole',
  'trustIdpMfa',
  'adminEmergencyAccess',
] as const;
export type SignInField = (typeof SIGN_IN_FIELDS)[number];

/** The organization's connection as the update page reads it (null: none). */
export interface SignInSource {
  protocol: SsoProtocol;
  ssoOnly: boolean;
  defaultRole: Role;
  trustIdpMfa?: boolean;
  adminEmergencyAccess: boolean;
  issuer?: string | null;
  clientId?: string | null;
  hasClientSecret: boolean;
  idpMetadataUrl?: string | null;
}

/** The platform's words for what is missing (schema's), beside the field they name. */
export const ISSUER_REQUIRED_MESSAGE = SSO_REQUIRED_MESSAGES.issuer;
export const CLIENT_ID_REQUIRED_MESSAGE = SSO_REQUIRED_MESSAGES.clientId;
export const CLIENT_SECRET_REQUIRED_MESSAGE = SSO_REQUIRED_MESSAGES.clientSecret;
export const METADATA_URL_REQUIRED_MESSAGE = SSO_REQUIRED_MESSAGES.metadataUrl;
export const METADATA_XML_REQUIRED_MESSAGE = SSO_REQUIRED_MESSAGES.metadataXml;

const connectionRoleOf = (role: Role): ConnectionRole => (role === 'ORG_ADMIN' ? 'ORG_ADMIN' : 'ORG_USER');

/** The form over a saved connection, or a new one's defaults (OIDC, Org User, passwords still allowed). */
export function signInValuesOf(source: SignInSource | null | undefined): SignInValues {
  return {
    protocol: source?.protocol ?? 'OIDC',
    issuer: source?.issuer ?? '',
    clientId: source?.clientId ?? '',
    clientSecret: '',
    // Metadata pasted as XML is not read back: a SAML connection without a URL was saved from XML.
    metadataSource: source?.protocol === 'SAML' && !source.idpMetadataUrl ? 'xml' : 'url',
    metadataUrl: source?.idpMetadataUrl ?? '',
    metadataXml: '',
    ssoOnly: source?.ssoOnly ?? false,
    defaultRole: connectionRoleOf(source?.defaultRole ?? 'ORG_USER'),
    trustIdpMfa: source?.trustIdpMfa ?? false,
    // A new connection's Org Admins keep their emergency way in unless an operator says otherwise.
    adminEmergencyAccess: source?.adminEmergencyAccess ?? true,
  };
}

/** What the form knows of the stored connection beside its values. */
export interface SignInContext {
  /** An OIDC client secret is stored: the field may stay empty. */
  hasClientSecret: boolean;
}

/**
 * Every field's problem. `requireSecret`: false for a test, which reads only the discovery document and
 * needs no secret (the platform's rule); a save needs one unless one is stored.
 */
export function validateSignIn(
  values: SignInValues,
  context: SignInContext,
  { requireSecret = true }: { requireSecret?: boolean } = {},
): FieldErrors<SignInField> {
  const errors: FieldErrors<SignInField> = {};
  const set = (field: SignInField, message: string | null) => {
    if (message) errors[field] = message;
  };
  if (values.protocol === 'OIDC') {
    const issuer = values.issuer.trim();
    set('issuer', issuer ? validateIdentityProviderUrl(issuer) : ISSUER_REQUIRED_MESSAGE);
    set('clientId', values.clientId.trim() ? null : CLIENT_ID_REQUIRED_MESSAGE);
    if (requireSecret && !context.hasClientSecret && !values.clientSecret.trim())
      set('clientSecret', CLIENT_SECRET_REQUIRED_MESSAGE);
  } else if (values.metadataSource === 'url') {
    const url = values.metadataUrl.trim();
    set('metadataUrl', url ? validateIdentityProviderUrl(url) : METADATA_URL_REQUIRED_MESSAGE);
  } else {
    set('metadataXml', values.metadataXml.trim() ? null : METADATA_XML_REQUIRED_MESSAGE);
  }
  return errors;
}

/**
 * The whole connection as the form says it (setOrganizationSso replaces the connection): the fields of
 * its protocol only, the client secret only when typed (left out, the stored one stays), the metadata
 * from the source chosen. The Org Admins' emergency access only when it differs from `saved` (left out,
 * the stored value stays): only operators may send it, and only they can change the switch.
 */
export function toConnectionInput(values: SignInValues, saved?: SignInValues): OrganizationSsoInput {
  const common = {
    ssoOnly: values.ssoOnly,
    defaultRole: values.defaultRole,
    trustIdpMfa: values.trustIdpMfa,
    ...(saved && values.adminEmergencyAccess !== saved.adminEmergencyAccess
      ? { adminEmergencyAccess: values.adminEmergencyAccess }
      : {}),
  };
  if (values.protocol === 'OIDC') {
    const secret = values.clientSecret.trim();
    return {
      protocol: 'OIDC',
      issuer: values.issuer.trim(),
      clientId: values.clientId.trim(),
      ...(secret ? { clientSecret: secret } : {}),
      ...common,
    };
  }
  const metadata =
    values.metadataSource === 'url' ? { metadataUrl: values.metadataUrl.trim() } : { metadataXml: values.metadataXml };
  return { protocol: 'SAML', ...metadata, ...common };
}

/** True when the form says what is saved: nothing typed that would change the connection. */
function sameAsSaved(values: SignInValues, saved: SignInValues): boolean {
  if (values.protocol !== saved.protocol || values.ssoOnly !== saved.ssoOnly) return false;
  if (values.defaultRole !== saved.defaultRole || values.trustIdpMfa !== saved.trustIdpMfa) return false;
  if (values.adminEmergencyAccess !== saved.adminEmergencyAccess) return false;
  if (values.protocol === 'OIDC')
    return (
      values.issuer.trim() === saved.issuer && values.clientId.trim() === saved.clientId && !values.clientSecret.trim()
    );
  if (values.metadataSource !== saved.metadataSource) return false;
  return values.metadataSource === 'url' ? values.metadataUrl.trim() === saved.metadataUrl : !values.metadataXml.trim();
}

/**
 * What Save sends: the whole connection when anything changed, or null when nothing did. Without a
 * saved connection, the untouched defaults are no change either: there is nothing to save yet.
 */
export function toSetInput(values: SignInValues, saved: SignInValues): OrganizationSsoInput | null {
  return sameAsSaved(values, saved) ? null : toConnectionInput(values, saved);
}
