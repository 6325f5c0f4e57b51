import { emailDomainOf, isRole, isSystemRole } from '@meridian/schema';
import type { Queryable } from '../../db/database.js';
import { findLoginUser } from '../../stores/login.js';
import { findSsoConnection, findSsoConnectionByDomain, type SsoConnectionRow } from '../../stores/sso.js';

/**
 * Who signs in through a customer's identity provider (issue 30): an email of a domain whose
 * organization has a connection, unless the person is an operator or another organization's user.
 */

/** The connection an email signs in through, or null for the password step. */
export async function connectionForEmail(db: Queryable, email: string): Promise<SsoConnectionRow | null> {
  const connection = await findSsoConnectionByDomain(db, emailDomainOf(email));
  if (!connection) return null;
  const user = await findLoginUser(db, email);
  // Operators are never locked out by a customer's connection; a user another organization holds (an
  // email confirmed outside its domains) signs in by their own organization's rules.
  if (user && (!isRole(user.role) || isSystemRole(user.role) || user.organization_id !== connection.organization_id))
    return null;
  return connection;
}

/**
 * The connection that turns password sign-in and password reset off for this user (ssoOnly), or null.
 * It applies to the people it signs in: never operators, nor emails outside the organization's domains.
 */
export async function ssoOnlyConnectionOf(
  db: Queryable,
  user: { email: string; role: string; organization_id: string },
): Promise<SsoConnectionRow | null> {
  const connection = await findSsoConnection(db, user.organization_id);
  if (!connection?.sso_only) return null;
  return (await connectionForEmail(db, user.email))?.organization_id === user.organization_id ? connection : null;
}

/** What a person reads when their organization signs in only through its identity provider. */
export const ssoOnlyMessage = (organizationName: string) =>
  `${organizationName} signs in through its own identity provider, so there is no password to use or reset here. Sign in with your work email and continue to your organization’s sign-in page.`;
