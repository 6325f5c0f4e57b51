import {
  credentialDaysToExpire,
  deactivationRefusal,
  grantableRoles,
  roleInOrganizationRefusal,
  normalizeEmail,
  passwordExpiry,
  roleChangeRefusal,
  roleLabel,
  seatLimitMessage,
  userLimitMessage,
  type Operation,
  type Role,
  type TableauLicense,
} from '@meridian/schema';
import type { Database, Queryable } from '../db/database.js';
import { authorize } from '../http/access.js';
import type { Principal } from '../http/auth.js';
import { assertValid, conflict, forbidden, notFound } from '../http/errors.js';
import { auditChanges, recordAuditEvent, type AuditEventInput, type AuditSource } from './audit.js';
import { credentialsByUser, disableUserCredentials, type CredentialRow } from './credentials.js';
import { invitationView, pendingInvitations, type PendingInvitation, type UserStatus } from './invitations.js';
import { getOrganization, licenseUsage, type OrganizationRow } from './organizations.js';

/** A user as stored, without the password hash (which only the password calls read). */
export interface UserRow {
  email: string;
  organization_id: string;
  name: string;
  alternate_email: string | null;
  password_changed_at: Date;
  role: Role;
  active: boolean;
  direct_data_access_enabled: boolean;
  tableau_license: TableauLicense | null;
  created_at: Date;
  updated_at: Date;
  /** No password yet: created with an invitation (issue 18) and not yet through its link. */
  invited: boolean;
}

/** Every column but password_hash (only whether there is one): selecting through this keeps the hash out of any answer. */
export const USER_COLUMNS =
  'email, organization_id, name, alternate_email, password_changed_at, role, active, direct_data_access_enabled, tableau_license, created_at, updated_at, password_hash IS NULL AS invited';

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
    role: row.role,
    active: row.active,
    direct_data_access_enabled: row.direct_data_access_enabled,
    organizationId: row.organization_id,
    tableauConfig: { tableauLicense: row.tableau_license, tableauUser: row.tableau_license !== null },
    data_access_info: Object.fromEntries(
      credentials.map((credential) => [
        credential.id,
        {
          active: credential.credential_enabled,
          generated_timestamp: credential.generated_at.toISOString(),
          days_to_expire: credentialDaysToExpire(credential.generated_at, now),
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
  };
}
export type User = ReturnType<typeof toUser>;

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

/** Users of one organization, or of all, from the counts the database keeps (migration 004). */
export async function userCount(db: Queryable, organizationId?: string): Promise<number> {
  const { rows } = organizationId
    ? await db.query<{ n: number }>('SELECT users AS n FROM organization_user_counts WHERE organization_id = $1', [
        organizationId,
      ])
    : await db.query<{ n: number }>('SELECT coalesce(sum(users), 0)::int AS n FROM organization_user_counts');
  return rows[0]?.n ?? 0;
}

export async function toUserWithCredentials(db: Queryable, row: UserRow): Promise<User> {
  return (await toUsers(db, [row]))[0]!;
}

export async function findUser(db: Queryable, email: string, forUpdate = false): Promise<UserRow | undefined> {
  const sql = `SELECT ${USER_COLUMNS} FROM users WHERE email = $1${forUpdate ? ' FOR UPDATE' : ''}`;
  return (await db.query<UserRow>(sql, [email])).rows[0];
}

/**
 * The user `email` if `principal` may do `operation` to them. A user of another tenant and a missing
 * user answer alike (404 'User not found.', or 403 when the role lacks the permission), so a refusal
 * never reveals whether the user exists.
 */
export async function userInScope(
  db: Queryable,
  principal: Principal,
  operation: Operation,
  email: string,
): Promise<UserRow> {
  const row = await findUser(db, email);
  authorize(principal, operation, { email, organizationId: row?.organization_id ?? principal.organizationId });
  if (!row) throw notFound('User');
  return row;
}

/** Active Org Admins of an organization, for the self-protection rules. */
export async function activeOrgAdminCount(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE organization_id = $1 AND role = 'orgAdmin' AND active`,
    [organizationId],
  );
  return rows[0]!.n;
}

/**
 * Refuses (409) one more active user past the organization's user limit. Call inside the transaction
 * that locked the organization row (getOrganization(tx, id, true)), so two requests cannot both take
 * the last place.
 */
export async function assertUserPlace(db: Queryable, organization: OrganizationRow): Promise<void> {
  const usage = (await licenseUsage(db, [organization.id])).get(organization.id)!;
  const limit = organization.licenses.user_limit;
  if (usage.active_users + 1 > limit) throw conflict(userLimitMessage(limit));
}

/**
 * Refuses (409) one more active user at `license` past the organization's seats of that level.
 * Creator seats are not counted (the license has no count for them). `except` is a user whose own seat
 * is being changed and so must not be counted. Same locking as assertUserPlace.
 */
export async function assertSeat(
  db: Queryable,
  organization: OrganizationRow,
  license: TableauLicense | null,
  except?: string,
): Promise<void> {
  if (license !== 'explorer' && license !== 'viewer') return;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users
      WHERE organization_id = $1 AND active AND tableau_license = $2 AND email <> $3`,
    [organization.id, license, except ?? ''],
  );
  const seats = organization.licenses.tableau_user_licenses;
  const limit = license === 'explorer' ? seats.explorer_count : seats.viewer_count;
  if (rows[0]!.n + 1 > limit) throw conflict(seatLimitMessage(license, limit));
}

/** The fields of a user that PUT /user?organizationId changes. */
export interface EditableFields {
  name?: string;
  alternateEmail?: string | null;
  role?: Role;
  tableauConfig?: { tableauLicense: TableauLicense | null };
  direct_data_access_enabled?: boolean;
}

/** '' and null both mean "no alternate email". */
export const alternateEmailOf = (value: string | null | undefined) => (value ? normalizeEmail(value) : null);

async function updateRow(db: Queryable, email: string, assignments: string, values: unknown[]): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET ${assignments}, updated_at = now() WHERE email = $1 RETURNING ${USER_COLUMNS}`,
    [email, ...values],
  );
  return rows[0]!;
}

/**
 * Reads the target user again after locking their organization: the organization's row lock orders
 * every change that counts users, org admins or seats.
 */
async function lockedTarget(
  tx: Queryable,
  principal: Principal,
  operation: 'setUserActive' | 'updateUser',
  email: string,
  organizationId?: string,
) {
  const found = await userInScope(tx, principal, operation, email);
  if (organizationId !== undefined && found.organization_id !== organizationId) throw notFound('User');
  const organization = await getOrganization(tx, found.organization_id, true);
  const target = (await findUser(tx, email, true))!;
  return { organization, target };
}

/** Records a change to a user in the audit trail: the audited fields of their record before and after. */
type UserAuditAction = 'user.update' | 'user.role-change' | 'user.activate' | 'user.deactivate' | 'user.data-access';

/** The event of a change to a user: the audited fields that differ between `before` and `after`. */
export function userAuditEvent(
  action: UserAuditAction,
  before: UserRow,
  after: UserRow,
  details?: Record<string, unknown>,
): AuditEventInput {
  return {
    action,
    organizationId: after.organization_id,
    target: { type: 'user', id: after.email },
    changes: auditChanges('user', toUser(before, []), toUser(after, [])),
    ...(details ? { details } : {}),
  };
}

async function auditUser(
  tx: Queryable,
  source: AuditSource,
  action: UserAuditAction,
  before: UserRow,
  after: UserRow,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent(tx, source, userAuditEvent(action, before, after, details));
}

/**
 * Activates or deactivates a user (PUT /user {email, active}), with the self-protection rules and the
 * user limit. An accepted request is recorded even when the user already was in that state.
 */
export async function setUserActive(
  db: Database,
  principal: Principal,
  source: AuditSource,
  email: string,
  active: boolean,
  organizationId?: string,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const { organization, target } = await lockedTarget(tx, principal, 'setUserActive', email, organizationId);
    // Like roles, the active state of users above the caller's grant (an operators' Org Admin and its system admins) is not theirs to change.
    if (!grantableRoles(principal.role).includes(target.role)) throw forbidden();
    if (target.active !== active) {
      if (!active) {
        const refusal = deactivationRefusal(principal.subject, target, await activeOrgAdminCount(tx, organization.id));
        if (refusal) throw conflict(refusal);
      } else {
        await assertUserPlace(tx, organization);
        await assertSeat(tx, organization, target.tableau_license, email);
      }
    }
    const updated = target.active === active ? target : await updateRow(tx, email, 'active = $2', [active]);
    await auditUser(tx, source, active ? 'user.activate' : 'user.deactivate', target, updated);
    return updated;
  });
}

/** Updates a user's fields in `organizationId`, with the role rules and the seat limits. */
export async function updateUser(
  db: Database,
  principal: Principal,
  source: AuditSource,
  email: string,
  organizationId: string,
  body: EditableFields,
  productName: string,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const { organization, target } = await lockedTarget(tx, principal, 'updateUser', email, organizationId);
    const role = body.role ?? target.role;
    // Roles above the caller's grant (system admins, to an Org Admin of the operators' organization) are not theirs to change.
    if (role !== target.role && !grantableRoles(principal.role).includes(target.role)) {
      assertValid([{ param: 'role', msg: `You cannot change the role of a ${roleLabel(target.role, productName)}.` }]);
    }
    if (role !== target.role) {
      assertValid([{ param: 'role', msg: roleInOrganizationRefusal(role, organization.name, productName) }]);
    }
    const refusal = roleChangeRefusal(principal.subject, target, role, await activeOrgAdminCount(tx, organization.id));
    if (refusal) throw conflict(refusal);
    const license = body.tableauConfig === undefined ? target.tableau_license : body.tableauConfig.tableauLicense;
    if (target.active && license !== target.tableau_license) await assertSeat(tx, organization, license, email);
    const dataAccess = body.direct_data_access_enabled ?? target.direct_data_access_enabled;
    const disabled = dataAccess ? [] : await disableUserCredentials(tx, email);
    const updated = await updateRow(
      tx,
      email,
      'name = $2, alternate_email = $3, role = $4, tableau_license = $5, direct_data_access_enabled = $6',
      [
        body.name?.trim() ?? target.name,
        body.alternateEmail === undefined ? target.alternate_email : alternateEmailOf(body.alternateEmail),
        role,
        license,
        dataAccess,
      ],
    );
    // One event per request: a role change names the request, its other changes travel with it.
    const action = role !== target.role ? 'user.role-change' : 'user.update';
    await auditUser(tx, source, action, target, updated, disabledDetails(disabled));
    return updated;
  });
}

/** Credentials that turning data access off disabled, for the event's details. */
const disabledDetails = (ids: string[]) => (ids.length > 0 ? { disabledCredentials: ids } : undefined);

/** Turns a user's direct data access on or off; off also disables their credentials. */
export async function setUserDataAccess(
  db: Database,
  principal: Principal,
  source: AuditSource,
  email: string,
  enabled: boolean,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await userInScope(tx, principal, 'setUserDataAccess', email);
    const disabled = enabled ? [] : await disableUserCredentials(tx, email);
    const updated = await updateRow(tx, email, 'direct_data_access_enabled = $2', [enabled]);
    await auditUser(tx, source, 'user.data-access', target, updated, disabledDetails(disabled));
    return updated;
  });
}
