import { credentialDaysToExpire, credentialExpiresAt, passwordExpiry } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { selectUserCredentials, type CredentialRow } from '../stores/credentials.js';
import type { UserRow } from '../stores/users.js';
import { userTextFields } from './user-text.js';
import { invitationView, pendingInvitations, type PendingInvitation, type UserStatus } from './invitation-links.js';

// A user's stored row as the REST API answers it (spec section 3): their credentials, password expiry,
// status and pending invitation, a page of users in a fixed number of queries.

/** Inactive first (a deactivated invitee cannot sign in either), then invited until a password is set. */
export function userStatusOf(row: Pick<UserRow, 'active' | 'invited'>): UserStatus {
  if (!row.active) return 'inactive';
  return row.invited ? 'invited' : 'active';
}

/** A user record as the REST API answers it (spec section 3), with their invitation while it is pending. */
export function toUser(
  row: UserRow,
  credentials: CredentialRow[],
  now: Date = new Date(),
  invitation: PendingInvitation | null = null,
) {
  const expiry = passwordExpiry(row.password_changed_at, now);
  return {
    name: row.name,
    email: row.email,
    alternateEmail: row.alternate_email,
    ...userTextFields(row),
    role: row.role,
    active: row.active,
    direct_data_access_enabled: row.direct_data_access_enabled,
    organizationId: row.organization_id,
    tableauConfig: { tableauLicense: row.tableau_license, tableauUser: row.tableau_license !== null },
    data_access_info: Object.fromEntries(
      credentials.map((credential) => [
        credential.id,
        {
          name: credential.name,
          active: credential.credential_enabled,
          generated_timestamp: credential.generated_at.toISOString(),
          expires_timestamp: credentialExpiresAt(credential.generated_at, credential.lifetime_days).toISOString(),
          days_to_expire: credentialDaysToExpire(credential.generated_at, now, credential.lifetime_days),
        },
      ]),
    ),
    passwordChangedAt: row.password_changed_at.toISOString(),
    passwordExpiresAt: expiry.expiresAt.toISOString(),
    isPasswordExpiring: expiry.isPasswordExpiring,
    daysLeftForPasswordExpiry: expiry.daysLeftForPasswordExpiry,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    status: userStatusOf(row),
    invitation: row.invited ? invitationView(invitation, now) : null,
    provenance: row.provenance,
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  };
}
export type User = ReturnType<typeof toUser>;

/** The credentials of each user given, in one query (a page of users never costs a query per user). */
async function credentialsByUser(db: Queryable, emails: string[]): Promise<Map<string, CredentialRow[]>> {
  const byUser = new Map<string, CredentialRow[]>(emails.map((email) => [email, []]));
  if (emails.length === 0) return byUser;
  for (const row of await selectUserCredentials(db, emails)) byUser.get(row.user_email!)?.push(row);
  return byUser;
}

/** Users in the REST shape, their credentials loaded in one query for the whole page. */
export async function toUsers(db: Queryable, rows: UserRow[]): Promise<User[]> {
  const credentials = await credentialsByUser(
    db,
    rows.map((row) => row.email),
  );
  const invitations = await pendingInvitations(
    db,
    rows.filter((row) => row.invited).map((row) => row.email),
  );
  const now = new Date();
  return rows.map((row) => toUser(row, credentials.get(row.email) ?? [], now, invitations.get(row.email) ?? null));
}

export async function toUserWithCredentials(db: Queryable, row: UserRow): Promise<User> {
  return (await toUsers(db, [row]))[0]!;
}
