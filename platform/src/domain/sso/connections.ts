import { SSO_REQUIRED_MESSAGES, validateIdentityProviderUrl } from '@meridian/schema';
import type { PlatformConfig } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { findOrganization } from '../../stores/organizations.js';
import {
  deleteSsoConnection,
  findSsoConnection,
  upsertSsoConnection,
  type SsoConnectionRow,
} from '../../stores/sso.js';
import { auditChanges, recordAuditEvent, type AuditSource } from '../audit.js';
import { assertValid, conflict, notFound } from '../errors.js';
import { assertDomainsFree } from '../organization-domains.js';
import { sealedIn, type SecretSealer } from '../secrets/sealed-secrets.js';
import { outboundFetch } from '../outbound/fetch.js';
import { checkOidcSettings } from './oidc-check.js';
import { certificateStanding, fetchIdpMetadata, readIdpMetadata } from './saml.js';
import {
  SsoConfigProblem,
  type IdpMetadata,
  type OidcSettings,
  type ServiceProvider,
  type SsoTransport,
} from './types.js';

/** An organization's connection as stored (the sign-in pages read it to route an answer). */
export { findSsoConnection };

/** A connection as an operator or an Org Admin sets it (the REST body of PUT /organization/{id}/sso). */
export interface SsoConnectionInput {
  protocol: 'oidc' | 'saml';
  issuer?: string;
  clientId?: string;
  clientSecret?: string;
  metadataXml?: string;
  metadataUrl?: string;
  ssoOnly?: boolean;
  defaultRole?: 'orgAdmin' | 'orgUser';
  trustIdpMfa?: boolean;
  /** Only operators send it (the route's ssoConnectionOperation); left out, the stored value stays. */
  adminEmergencyAccess?: boolean;
}

export type SsoConfig = Pick<PlatformConfig, 'issuer' | 'appEnv'>;

/**
 * Customers' providers must be https in production, and are reached only through the address guard
 * there (no private address, after DNS); the tests' and the demo's run on localhost.
 */
export function transportOf(config: Pick<PlatformConfig, 'appEnv'>): SsoTransport {
  const production = config.appEnv === 'production';
  return { allowHttp: !production, guard: production, fetch: outboundFetch(production) };
}

const base = (config: SsoConfig) => config.issuer.replace(/\/$/, '');

/** The one redirect URI of every OIDC connection (the state says which sign-in answers). */
export const oidcRedirectUri = (config: SsoConfig) => `${base(config)}/sso/oidc/callback`;

/** Meridian as the SAML service provider of one organization: its own entity id and ACS URL. */
export function serviceProviderOf(
  config: SsoConfig,
  organizationId: string,
): ServiceProvider & { metadataUrl: string } {
  const entityId = `${base(config)}/sso/saml/${encodeURIComponent(organizationId)}`;
  return { entityId, acsUrl: `${entityId}/acs`, metadataUrl: `${entityId}/metadata` };
}

/** What the customer's IT enters at their identity provider for this organization, saved or not (issue 39). */
export function serviceProviderSettingsOf(config: SsoConfig, organizationId: string) {
  const sp = serviceProviderOf(config, organizationId);
  return {
    redirectUri: oidcRedirectUri(config),
    entityId: sp.entityId,
    acsUrl: sp.acsUrl,
    metadataUrl: sp.metadataUrl,
  };
}

/** What the console shows of a connection: what the customer's IT enters on their side, never the secret. */
export function toSsoConnection(config: SsoConfig, row: SsoConnectionRow) {
  const oidc = row.protocol === 'oidc';
  const sp = serviceProviderOf(config, row.organization_id);
  return {
    protocol: row.protocol,
    ssoOnly: row.sso_only,
    defaultRole: row.default_role,
    trustIdpMfa: row.trust_idp_mfa,
    adminEmergencyAccess: row.admin_emergency_access,
    issuer: oidc ? row.oidc_issuer : null,
    clientId: oidc ? row.oidc_client_id : null,
    hasClientSecret: oidc && row.oidc_client_secret !== null,
    redirectUri: oidc ? oidcRedirectUri(config) : null,
    idpEntityId: oidc ? null : row.saml_idp_entity_id,
    idpSsoUrl: oidc ? null : row.saml_sso_url,
    idpMetadataUrl: oidc ? null : row.saml_metadata_url,
    spEntityId: oidc ? null : sp.entityId,
    acsUrl: oidc ? null : sp.acsUrl,
    spMetadataUrl: oidc ? null : sp.metadataUrl,
    updatedAt: row.updated_at.toISOString(),
  };
}
export type SsoConnection = ReturnType<typeof toSsoConnection>;

/** The fields the audit trail keeps of a connection (sso.* of the organization; never the secret). */
const audited = (connection: SsoConnection | null) =>
  connection && {
    sso: {
      protocol: connection.protocol,
      ssoOnly: connection.ssoOnly,
      defaultRole: connection.defaultRole,
      trustIdpMfa: connection.trustIdpMfa,
      adminEmergencyAccess: connection.adminEmergencyAccess,
      issuer: connection.issuer,
      clientId: connection.clientId,
      idpEntityId: connection.idpEntityId,
      idpSsoUrl: connection.idpSsoUrl,
      idpMetadataUrl: connection.idpMetadataUrl,
    },
  };

export async function getSsoConnection(db: Queryable, config: SsoConfig, organizationId: string) {
  if (!(await findOrganization(db, organizationId))) throw notFound('Organization');
  const row = await findSsoConnection(db, organizationId);
  return row ? toSsoConnection(config, row) : null;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/** The OIDC fields' problems, each naming its field. */
function oidcProblems(input: SsoConnectionInput, storedSecret: boolean) {
  const issuer = trimmed(input.issuer);
  return [
    {
      param: 'issuer',
      msg: issuer ? validateIdentityProviderUrl(issuer) : SSO_REQUIRED_MESSAGES.issuer,
    },
    { param: 'clientId', msg: trimmed(input.clientId) ? null : SSO_REQUIRED_MESSAGES.clientId },
    {
      param: 'clientSecret',
      msg: trimmed(input.clientSecret) || storedSecret ? null : SSO_REQUIRED_MESSAGES.clientSecret,
    },
  ];
}

/** The IdP's metadata from the XML given, or read from its URL; a problem names the field to fix. */
async function samlMetadata(
  input: SsoConnectionInput,
  transport: SsoTransport,
): Promise<{ xml: string; idp: IdpMetadata }> {
  const url = trimmed(input.metadataUrl);
  const given = trimmed(input.metadataXml);
  assertValid([
    {
      param: 'metadataXml',
      msg: given || url ? null : SSO_REQUIRED_MESSAGES.metadataXml,
    },
    { param: 'metadataUrl', msg: url && !given ? validateIdentityProviderUrl(url) : null },
  ]);
  try {
    const xml = given ?? (await fetchIdpMetadata(url!, transport));
    return { xml, idp: readIdpMetadata(xml) };
  } catch (error) {
    if (error instanceof SsoConfigProblem)
      assertValid([{ param: given ? 'metadataXml' : 'metadataUrl', msg: error.message }]);
    throw error;
  }
}

/**
 * Checks a connection before it is saved (the console's "Test connection", issue 39): for OIDC the
 * discovery document, what the provider offers, and the client's credentials at its token endpoint;
 * for SAML the metadata and its signing certificates. Fields missing or malformed are refused like a
 * save's. A test sign-in (test-sign-in.ts) proves the rest: what the provider really returns.
 */
export async function testSsoConnection(
  db: Queryable,
  sealer: SecretSealer,
  config: SsoConfig,
  organizationId: string,
  input: SsoConnectionInput,
): Promise<{ ok: boolean; message: string }> {
  const stored = await findSsoConnection(db, organizationId);
  if (!stored && !(await findOrganization(db, organizationId))) throw notFound('Organization');
  const transport = transportOf(config);
  if (input.protocol === 'oidc') {
    // Discovery needs no secret: a test before the secret is known still says what it found.
    assertValid(oidcProblems(input, true));
    const secret = trimmed(input.clientSecret) ?? (await storedSecret(sealer, stored)) ?? undefined;
    return checkOidcSettings(
      { issuer: input.issuer!.trim(), clientId: input.clientId!.trim(), ...(secret ? { clientSecret: secret } : {}) },
      transport,
      oidcRedirectUri(config),
    );
  }
  const { idp } = await samlMetadata(input, transport);
  const count = idp.certificates.length;
  const found = `Found identity provider ${idp.entityId}: sign-in at ${idp.ssoUrl}, ${count} signing certificate${count === 1 ? '' : 's'}.`;
  const certificates = certificateStanding(idp.certificates);
  const notes = certificates.notes.join(' ');
  return {
    ok: certificates.ok,
    message: certificates.ok
      ? `${found}${notes ? ` ${notes}` : ''} Use Test sign-in after saving to see what it sends.`
      : `${found} ${notes} Ask the identity provider’s administrators for its current metadata.`,
  };
}

const storedSecret = async (sealer: SecretSealer, row: SsoConnectionRow | undefined) =>
  row?.protocol === 'oidc' && row.oidc_client_secret
    ? sealer.open('sso-client-secret', sealedIn.ssoConnection(row.organization_id), row.oidc_client_secret)
    : null;

/** Refuses a connection for an organization without domains, or with a domain another organization claims. */
async function assertDomainsOwned(tx: Queryable, organizationId: string, domains: readonly string[]) {
  if (domains.length === 0)
    throw conflict(
      'Add the organization’s email domains first: single sign-on finds an organization by its people’s email domain.',
    );
  await assertDomainsFree(tx, domains, organizationId);
}

/** Sets (or replaces) the organization's connection; one `sso.set` event with what changed. */
export async function setSsoConnection(
  db: Database,
  sealer: SecretSealer,
  config: SsoConfig,
  source: AuditSource,
  organizationId: string,
  input: SsoConnectionInput,
): Promise<SsoConnection> {
  const current = await findSsoConnection(db, organizationId);
  const oidc = input.protocol === 'oidc';
  const kept = oidc ? await storedSecret(sealer, current) : null;
  if (oidc) assertValid(oidcProblems(input, kept !== null));
  // Read the metadata (perhaps from its URL) before the transaction: it must not hold the database.
  const saml = oidc ? null : await samlMetadata(input, transportOf(config));
  return db.transaction(async (tx) => {
    const organization = await findOrganization(tx, organizationId, true);
    if (!organization) throw notFound('Organization');
    await assertDomainsOwned(tx, organizationId, organization.domain);
    const before = await findSsoConnection(tx, organizationId);
    const settings: OidcSettings | null = oidc
      ? {
          issuer: input.issuer!.trim(),
          clientId: input.clientId!.trim(),
          clientSecret: trimmed(input.clientSecret) ?? kept!,
        }
      : null;
    const row = await upsertSsoConnection(tx, {
      organization_id: organizationId,
      protocol: input.protocol,
      oidc_issuer: settings?.issuer ?? null,
      oidc_client_id: settings?.clientId ?? null,
      oidc_client_secret: settings
        ? await sealer.seal('sso-client-secret', sealedIn.ssoConnection(organizationId), settings.clientSecret)
        : null,
      saml_metadata_xml: saml?.xml ?? null,
      saml_metadata_url: saml ? (trimmed(input.metadataXml) ? null : trimmed(input.metadataUrl)!) : null,
      saml_idp_entity_id: saml?.idp.entityId ?? null,
      saml_sso_url: saml?.idp.ssoUrl ?? null,
      saml_certificates: saml?.idp.certificates ?? [],
      sso_only: input.ssoOnly ?? false,
      default_role: input.defaultRole ?? 'orgUser',
      trust_idp_mfa: input.trustIdpMfa ?? before?.trust_idp_mfa ?? false,
      // Only operators send it; an Org Admin's save of the rest never takes it away.
      admin_emergency_access: input.adminEmergencyAccess ?? before?.admin_emergency_access ?? true,
    });
    const connection = toSsoConnection(config, row);
    const previous = before ? toSsoConnection(config, before) : null;
    await recordAuditEvent(tx, source, {
      action: 'sso.set',
      organizationId,
      target: { type: 'organization', id: organizationId },
      changes: auditChanges('organization', audited(previous), audited(connection)),
    });
    return connection;
  });
}

export async function removeSsoConnection(
  db: Database,
  config: SsoConfig,
  source: AuditSource,
  organizationId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findSsoConnection(tx, organizationId);
    if (!before || !(await deleteSsoConnection(tx, organizationId))) throw notFound('Single sign-on connection');
    await recordAuditEvent(tx, source, {
      action: 'sso.remove',
      organizationId,
      target: { type: 'organization', id: organizationId },
      changes: auditChanges('organization', audited(toSsoConnection(config, before)), null),
    });
  });
}

/** The connection's OIDC settings with the secret opened, or null when it cannot be opened (rotated away). */
export async function oidcSettingsOf(sealer: SecretSealer, row: SsoConnectionRow): Promise<OidcSettings | null> {
  const secret = await storedSecret(sealer, row);
  return secret && row.oidc_issuer && row.oidc_client_id
    ? { issuer: row.oidc_issuer, clientId: row.oidc_client_id, clientSecret: secret }
    : null;
}

/** The connection's identity provider as stored from its metadata. */
export const idpOf = (row: SsoConnectionRow): IdpMetadata => ({
  entityId: row.saml_idp_entity_id!,
  ssoUrl: row.saml_sso_url!,
  certificates: row.saml_certificates,
});
