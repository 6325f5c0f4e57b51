import { emailDomainOf, isRole, isSystemRole } from '@meridian/schema';
import type { Queryable } from '../../db/database.js';
import { findLoginUser } from '../../stores/login.js';
import { findSsoConnection, organizationsHoldingDomain, type SsoConnectionRow } from '../../stores/sso.js';

/**
 * Who signs in through a customer's identity provider (issue 30): an email of a domain whose
 * organization has a connection, unless the person is an operator or another organization's user.
 * Domains match by label and case-insensitively (schema's email-domains.ts): an email at
 * x.clinic.acme.test belongs to the organization holding clinic.acme.test or acme.test. Should two
 * organizations hold it (domains that overlapped before the rule held, reported at start), it
 * belongs to neither: no connection may vouch for another tenant's people.
 */

/** The one organization whose domains hold the email's, or null when none or more than one do. */
export async function organizationOfEmailDomain(db: Queryable, email: string): Promise<string | null> {
  const holders = await organizationsHoldingDomain(db, emailDomainOf(email));
  return holders.length === 1 ? holders[0]! : null;
}

/** The connection an email signs in through, or null for the password step. */
export async function connectionForEmail(db: Queryable, email: string): Promise<SsoConnectionRow | null> {
  const organizationId = await organizationOfEmailDomain(db, email);
  const connection = organizationId ? await findSsoConnection(db, organizationId) : undefined;
  if (!connection) return null;
  const user = await findLoginUser(db, email);
  // Operators are never locked out by a customer's connection; a user another organization holds (an
  // email confirmed outside its domains) signs in by their own organization's rules.
  if (user && (!isRole(user.role) || isSystemRole(user.role) || user.organization_id !== connection.organization_id))
    return null;
  return connection;
}

/** A user as the sign-in rules read them. */
type RoutedUser = { email: string; role: string; organization_id: string };

/**
 * How "Only single sign-on" stands for this user (issue 39): null when it does not apply (no such
 * connection, an operator, an email outside the organization's domains); otherwise the connection, and
 * whether the person is an Org Admin who keeps their password, with a second factor, as the emergency
 * way in (the connection's admin_emergency_access, on unless an operator turned it off).
 */
export async function ssoOnlyStandingOf(
  db: Queryable,
  user: RoutedUser,
): Promise<{ connection: SsoConnectionRow; emergencyAccess: boolean } | null> {
  const connection = await findSsoConnection(db, user.organization_id);
  if (!connection?.sso_only) return null;
  if ((await connectionForEmail(db, user.email))?.organization_id !== user.organization_id) return null;
  return { connection, emergencyAccess: connection.admin_emergency_access && user.role === 'orgAdmin' };
}

/**
 * The connection that turns password sign-in and password reset off for this user (ssoOnly), or null.
 * It applies to the people it signs in: never operators, nor emails outside the organization's domains,
 * nor Org Admins keeping emergency access (they may also reset their password: a forgotten one must not
 * close the emergency way in).
 */
export async function ssoOnlyConnectionOf(db: Queryable, user: RoutedUser): Promise<SsoConnectionRow | null> {
  const standing = await ssoOnlyStandingOf(db, user);
  return standing && !standing.emergencyAccess ? standing.connection : null;
}

/** What a person reads when their organization signs in only through its identity provider. */
export const ssoOnlyMessage = (organizationName: string) =>
  `${organizationName} signs in through its own identity provider, so there is no password to use or reset here. Sign in with your work email and continue to your organization’s sign-in page.`;

/**
 * What an Org Admin of an organization that signs in only through its identity provider reads when they
 * use their password without a second factor to prove: emergency access needs one (issue 39).
 */
export const emergencyAccessNeedsFactorMessage = (organizationName: string, productName: string) =>
  `${organizationName} signs in through its own identity provider. An Org Admin’s password works only as emergency access, with a second factor, and this account has none: sign in through your identity provider and set one up under your profile’s Sign-in security, or ask a ${productName} operator to turn off “Only single sign-on” for a moment.`;
