import {
  MESSAGES,
  emailDomainOf,
  isOutsideDomains,
  isSystemRole,
  organizationAdmitsPeople,
  validateEmail,
  type Role,
} from '@meridian/schema';
import type { PlatformConfig } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { findOrganization, type OrganizationRow } from '../../stores/organizations.js';
import { findSsoLink, organizationsHoldingDomain, setSsoSubject, type SsoConnectionRow } from '../../stores/sso.js';
import { findUser, insertUser, updateUserFields, type UserRow } from '../../stores/users.js';
import { auditChanges, recordAuditEvent, type AuditActor, type AuditOrigin } from '../audit.js';
import { Conflict } from '../errors.js';
import { auditSignInAttempt, type SignedInUser } from '../login.js';
import { toUser } from '../user-records.js';
import { NO_USER_TEXT, userTextColumns } from '../user-text.js';
import { NEW_USER_EDITS } from '../users.js';
import { assertUserPlace } from '../user-limits.js';
import type { SsoFailure, VerifiedIdentity } from './types.js';

/**
 * What a customer's identity provider's answer may do (issues 30 and 39; who is sent there is
 * routing.ts). A connection vouches only for its own organization's domains and people: an email that
 * is no valid address, outside those domains (or inside another organization's too), not verified by
 * the provider, another organization's user or an operator is refused; a second subject of the same
 * provider for an email already linked is refused, never merged into that account; and a deactivated
 * user, or anyone of an organization that is not active, stays refused whatever the provider says.
 */

/** The connection as the audit trail names it when it creates or updates a person. */
export function connectionActor(organizationId: string): AuditActor {
  return { id: `sso:${organizationId}`, kind: 'connection', role: null, organizationId };
}

/** Whose identifiers a connection's subjects are: the OIDC issuer, or the SAML IdP's entity id. */
export const providerOf = (connection: SsoConnectionRow): string =>
  (connection.protocol === 'oidc' ? connection.oidc_issuer : connection.saml_idp_entity_id) ?? '';

export type SsoAcceptance = { ok: true; user: SignedInUser } | { ok: false; message: string };

/** The person's name as the provider gives it: its display name, else given and family names. */
export function nameOf(identity: VerifiedIdentity): string | null {
  const name = identity.name?.trim() || [identity.givenName, identity.familyName].filter(Boolean).join(' ').trim();
  return name || null;
}

const signedIn = (row: Pick<UserRow, 'email' | 'name' | 'role' | 'organization_id'>): SignedInUser => ({
  email: row.email,
  name: row.name,
  role: row.role,
  organizationId: row.organization_id,
});

/** Why an identity may not sign in, in words, with the audit reason. */
export interface IdentityRefusal {
  reason: string;
  message: string;
}

/** What the rules read besides the identity: the organization, the person (if any) and their link. */
export interface IdentityFacts {
  organization: OrganizationRow;
  user: UserRow | undefined;
  /** The person's current link to a provider's subject. */
  link: { sso_subject: string | null; sso_issuer: string | null } | undefined;
  /** Other organizations whose domains hold the email's too (domains kept from before the rule). */
  otherHolders: string[];
}

/** Reads what identityRefusal decides on (the organization locked when `forUpdate`). */
export async function identityFacts(
  db: Queryable,
  connection: SsoConnectionRow,
  identity: VerifiedIdentity,
  forUpdate: boolean,
): Promise<IdentityFacts | null> {
  const organization = await findOrganization(db, connection.organization_id, forUpdate);
  if (!organization) return null;
  const valid = validateEmail(identity.email) === null;
  return {
    organization,
    user: valid ? await findUser(db, identity.email, forUpdate) : undefined,
    link: valid ? await findSsoLink(db, identity.email) : undefined,
    otherHolders: valid ? await organizationsHoldingDomain(db, emailDomainOf(identity.email), organization.id) : [],
  };
}

/** Why an identity may not sign in to this organization, in words, with the audit reason; null when it may. */
export function identityRefusal(
  config: Pick<PlatformConfig, 'productName'>,
  connection: SsoConnectionRow,
  identity: VerifiedIdentity,
  { organization, user, link, otherHolders }: IdentityFacts,
): IdentityRefusal | null {
  // The same rule as any email typed into Meridian (schema's): one @, a dotted domain, no spaces.
  if (validateEmail(identity.email) !== null)
    return {
      reason: 'sso-email-invalid',
      message: `Your organization’s identity provider gave “${identity.email.slice(0, 254)}” as your email address, which is not a valid email address, so ${config.productName} cannot sign you in with it. Ask your IT team to correct it.`,
    };
  if (!identity.emailVerified)
    return {
      reason: 'sso-email-unverified',
      message: `Your organization’s identity provider has not verified your email address (${identity.email}), so ${config.productName} cannot sign you in with it. Ask your IT team to verify it.`,
    };
  if (organization.domain.length === 0 || isOutsideDomains(identity.email, organization.domain))
    return {
      reason: 'sso-outside-domains',
      message: `${identity.email} is not an address of ${organization.name} (${organization.domain.join(', ')}): its identity provider signs in only people of its own domains.`,
    };
  if (otherHolders.length > 0)
    return {
      reason: 'sso-domain-ambiguous',
      message: `The domain of ${identity.email} is held by more than one organization, so ${organization.name}’s identity provider may not sign anyone of it in. Ask your administrator.`,
    };
  if (user && (user.organization_id !== organization.id || isSystemRole(user.role)))
    return {
      reason: 'sso-other-organization',
      message: `${identity.email} is not an account ${organization.name}’s identity provider may sign in. Sign in with your ${config.productName} password instead.`,
    };
  if (link?.sso_subject && link.sso_issuer === providerOf(connection) && link.sso_subject !== identity.subject)
    return {
      reason: 'sso-subject-mismatch',
      message: `The ${config.productName} account ${identity.email} belongs to another person at ${organization.name}’s identity provider (another identifier signed in with it before), so this sign-in was refused rather than joined to that account. Ask your administrator.`,
    };
  // Refused in a deactivated user's words, as the password form refuses them: before activation and
  // from the start of offboarding nobody of the organization signs in, and nobody new is created.
  if (!organizationAdmitsPeople(organization.status))
    return { reason: 'organization-inactive', message: MESSAGES.inactiveUser };
  if (user && !user.active) return { reason: 'inactive', message: MESSAGES.inactiveUser };
  return null;
}

/** Creates the person at their first sign-in, within the organization's user limit; the event is the connection's. */
async function provision(
  tx: Queryable,
  organization: OrganizationRow,
  connection: SsoConnectionRow,
  identity: VerifiedIdentity,
  origin: AuditOrigin,
): Promise<UserRow> {
  await assertUserPlace(tx, organization);
  const role: Role = connection.default_role;
  const created = await insertUser(tx, {
    email: identity.email,
    organization_id: organization.id,
    password_hash: null,
    provenance: 'sso',
    ...NEW_USER_EDITS,
    ...userTextColumns(identity.text ?? {}, NO_USER_TEXT),
    name: nameOf(identity) ?? identity.email,
    role,
  });
  await setSsoSubject(tx, identity.email, providerOf(connection), identity.subject);
  await recordAuditEvent(
    tx,
    { actor: connectionActor(organization.id), origin },
    {
      action: 'user.create',
      organizationId: organization.id,
      target: { type: 'user', id: identity.email },
      changes: auditChanges('user', null, toUser(created, [])),
      details: { provisionedBy: connection.protocol === 'oidc' ? 'OpenID Connect' : 'SAML' },
    },
  );
  return created;
}

/**
 * The provider's name and texts (a job title) are the person's: a change is written, and recorded as
 * the connection's. What the provider does not send stays as it is.
 */
async function followProvider(
  tx: Queryable,
  connection: SsoConnectionRow,
  user: UserRow,
  identity: VerifiedIdentity,
  origin: AuditOrigin,
): Promise<UserRow> {
  await setSsoSubject(tx, user.email, providerOf(connection), identity.subject);
  const wanted = { name: nameOf(identity) ?? user.name, ...userTextColumns(identity.text ?? {}, user) };
  if (Object.entries(wanted).every(([column, value]) => user[column as keyof typeof wanted] === value)) return user;
  const updated = await updateUserFields(tx, user.email, { ...user, ...wanted });
  await recordAuditEvent(
    tx,
    { actor: connectionActor(user.organization_id), origin },
    {
      action: 'user.update',
      organizationId: user.organization_id,
      target: { type: 'user', id: user.email },
      changes: auditChanges('user', toUser(user, []), toUser(updated, [])),
    },
  );
  return updated;
}

/** A refused newcomer's attempt belongs to the connection's organization: its Org Admins see it. */
export const attemptOf = (connection: SsoConnectionRow, email: string) => ({
  email,
  role: connection.default_role,
  organization_id: connection.organization_id,
});

/**
 * Records a sign-in through the connection that failed: `sign-in.failed` with the method (oidc or
 * saml) and the reason (and, for a provider's refusal, its own error), as a wrong password is recorded.
 * The event belongs to the person's organization when the email is theirs, else to the connection's.
 */
export async function auditSsoFailure(
  db: Queryable,
  connection: SsoConnectionRow,
  origin: AuditOrigin,
  email: string | null,
  failure: SsoFailure | { reason: string },
): Promise<void> {
  const claimed = (email ?? '').slice(0, 254) || `sso:${connection.organization_id}`;
  const user = email && validateEmail(email) === null ? await findUser(db, email) : undefined;
  await auditSignInAttempt(db, origin, claimed, user ?? attemptOf(connection, claimed), {
    action: 'sign-in.failed',
    details: { method: connection.protocol, ...failure },
  });
}

/**
 * Whether what the customer's provider vouched for signs someone in, and who: an existing person of
 * the organization (their name following the provider's), or a new one created with the connection's
 * default role. A refusal is recorded as a failed sign-in with its reason, and answered in words.
 */
export async function acceptIdentity(
  db: Database,
  config: Pick<PlatformConfig, 'productName'>,
  connection: SsoConnectionRow,
  identity: VerifiedIdentity,
  origin: AuditOrigin,
): Promise<SsoAcceptance> {
  try {
    return await db.transaction(async (tx) => {
      // The organization's row lock orders this with every other change that counts its users.
      const facts = await identityFacts(tx, connection, identity, true);
      if (!facts) return { ok: false, message: 'This organization no longer exists.' };
      const refusal = identityRefusal(config, connection, identity, facts);
      if (refusal) {
        await auditSsoFailure(tx, connection, origin, identity.email, { reason: refusal.reason });
        return { ok: false, message: refusal.message };
      }
      const user = facts.user
        ? await followProvider(tx, connection, facts.user, identity, origin)
        : await provision(tx, facts.organization, connection, identity, origin);
      return { ok: true, user: signedIn(user) };
    });
  } catch (error) {
    // The organization is full: said in the user limit's own words, and recorded (outside the rolled-back work).
    if (!(error instanceof Conflict)) throw error;
    const message = `${error.conflicts.map((c) => c.message).join(' ')} Ask your administrator to make room for you.`;
    await db.transaction((tx) =>
      auditSsoFailure(tx, connection, origin, identity.email, { reason: 'sso-organization-full' }),
    );
    return { ok: false, message };
  }
}

/** Whether the provider's own second factor counts for the organization: it said so, and the organization trusts it. */
export const providerFactorCounts = (connection: SsoConnectionRow, identity: VerifiedIdentity): boolean =>
  identity.mfa && connection.trust_idp_mfa;
