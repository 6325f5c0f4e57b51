import { isOutsideDomains, isSystemRole, type Role } from '@meridian/schema';
import type { PlatformConfig } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { findOrganization, type OrganizationRow } from '../../stores/organizations.js';
import type { SsoConnectionRow } from '../../stores/sso.js';
import { findUser, insertUser, type UserRow } from '../../stores/users.js';
import { auditChanges, recordAuditEvent, type AuditActor, type AuditOrigin } from '../audit.js';
import { Conflict } from '../errors.js';
import { auditSignInAttempt, type SignedInUser } from '../login.js';
import { toUser } from '../user-records.js';
import { assertUserPlace } from '../user-limits.js';
import type { VerifiedIdentity } from './types.js';

/**
 * What a customer's identity provider's answer may do (issue 30; who is sent there is routing.ts). A
 * connection vouches only for its own organization's domains and people: an email outside them, an
 * email the provider did not verify, another organization's user or an operator is refused, and a
 * deactivated user stays refused whatever the provider says.
 */

/** The connection as the audit trail names it when it creates or updates a person. */
export function connectionActor(organizationId: string): AuditActor {
  return { id: `sso:${organizationId}`, kind: 'connection', role: null, organizationId };
}

export type SsoAcceptance = { ok: true; user: SignedInUser } | { ok: false; message: string };

/** The person's name as the provider gives it: its display name, else given and family names. */
function nameOf(identity: VerifiedIdentity): string | null {
  const name = identity.name?.trim() || [identity.givenName, identity.familyName].filter(Boolean).join(' ').trim();
  return name || null;
}

const signedIn = (row: Pick<UserRow, 'email' | 'name' | 'role' | 'organization_id'>): SignedInUser => ({
  email: row.email,
  name: row.name,
  role: row.role,
  organizationId: row.organization_id,
});

/** Why an identity may not sign in to this organization, in words, with the audit reason; null when it may. */
function identityRefusal(
  config: Pick<PlatformConfig, 'productName'>,
  organization: OrganizationRow,
  identity: VerifiedIdentity,
  user: UserRow | undefined,
): { reason: string; message: string } | null {
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
  if (user && (user.organization_id !== organization.id || isSystemRole(user.role)))
    return {
      reason: 'sso-other-organization',
      message: `${identity.email} is not an account ${organization.name}’s identity provider may sign in. Sign in with your ${config.productName} password instead.`,
    };
  if (user && !user.active)
    return {
      reason: 'inactive',
      message: `Your ${config.productName} account is deactivated. Ask your administrator to activate it.`,
    };
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
    name: nameOf(identity) ?? identity.email,
    alternate_email: null,
    role,
    tableau_license: null,
    direct_data_access_enabled: false,
  });
  await setSsoSubject(tx, identity.email, identity.subject);
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

async function setSsoSubject(tx: Queryable, email: string, subject: string) {
  await tx.query('UPDATE users SET sso_subject = $2 WHERE email = $1 AND sso_subject IS DISTINCT FROM $2', [
    email,
    subject,
  ]);
}

/** The provider's names are the person's: a change is written, and recorded as the connection's. */
async function followNames(
  tx: Queryable,
  user: UserRow,
  identity: VerifiedIdentity,
  origin: AuditOrigin,
): Promise<UserRow> {
  const name = nameOf(identity);
  await setSsoSubject(tx, user.email, identity.subject);
  if (!name || name === user.name) return user;
  await tx.query('UPDATE users SET name = $2, updated_at = now() WHERE email = $1', [user.email, name]);
  const updated = { ...user, name };
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
const attemptOf = (connection: SsoConnectionRow, identity: VerifiedIdentity) => ({
  email: identity.email,
  role: connection.default_role,
  organization_id: connection.organization_id,
});

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
      const organization = await findOrganization(tx, connection.organization_id, true);
      if (!organization) return { ok: false, message: 'This organization no longer exists.' };
      const existing = await findUser(tx, identity.email, true);
      const refusal = identityRefusal(config, organization, identity, existing);
      if (refusal) {
        await auditSignInAttempt(tx, origin, identity.email, existing ?? attemptOf(connection, identity), {
          action: 'sign-in.failed',
          details: { reason: refusal.reason },
        });
        return { ok: false, message: refusal.message };
      }
      const user = existing
        ? await followNames(tx, existing, identity, origin)
        : await provision(tx, organization, connection, identity, origin);
      return { ok: true, user: signedIn(user) };
    });
  } catch (error) {
    // The organization is full: said in the user limit's own words, and recorded (outside the rolled-back work).
    if (!(error instanceof Conflict)) throw error;
    const message = `${error.conflicts.map((c) => c.message).join(' ')} Ask your administrator to make room for you.`;
    await db.transaction((tx) =>
      auditSignInAttempt(tx, origin, identity.email, attemptOf(connection, identity), {
        action: 'sign-in.failed',
        details: { reason: 'sso-organization-full' },
      }),
    );
    return { ok: false, message };
  }
}
