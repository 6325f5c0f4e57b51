import {
  DEFAULT_ROLE,
  isOutsideDomains,
  isSystemRole,
  outsideDomainsMessage,
  outsideDomainsOperatorsOnlyMessage,
  validateEmail,
  validateName,
  validatePassword,
  beyondGrantRefusal,
  deactivationRefusal,
  roleInOrganizationRefusal,
  normalizeEmail,
  roleChangeRefusal,
  roleGrantRefusal,
  type Operation,
} from '@meridian/schema';
import { hash } from '@node-rs/argon2';
import type { PlatformConfig } from '../config.js';
import type { EditableFields, UserCreate } from '../contract/users.js';
import type { Database, Queryable } from '../db/database.js';
import { disableCredentialsOfUser } from '../stores/credentials.js';
import {
  activeOrgAdminCount,
  findUser,
  findUserStanding,
  insertUser,
  selectUsers,
  userCount,
  updateUserActive,
  updateUserDataAccess,
  updateUserFields,
  type UserEdits,
  type UserListQuery,
  type UserRow,
} from '../stores/users.js';
import { auditChanges, recordAuditEvent, type AuditEventInput, type AuditSource } from './audit.js';
import type { Caller, ServiceCaller } from './caller.js';
import { assertValid, conflict, forbidden, notFound } from './errors.js';
import { sendInvitation } from './invitation-links.js';
import { endUserSessions } from './sessions.js';
import { getOrganization, type OrganizationRow } from './organizations.js';
import { assertSeat, assertUserPlace } from './user-limits.js';
import { toUser, toUserWithCredentials, toUsers } from './user-records.js';
import { NO_USER_TEXT, userTextColumns, userTextProblems } from './user-text.js';

/** A caller's role, organization and standing, which every request's token is checked against (http/auth.ts). */
export { findUserStanding };

export { activeOrgAdminCount, findUser, type UserRow };

/** Who changes a user: the caller, their permission check (for the target's organization), their audit source. */
export type UserCaller = ServiceCaller;

/**
 * The user `email` if `principal` may do `operation` to them. A user of another tenant and a missing
 * user answer alike (404 'User not found.', or 403 when the role lacks the permission), so a refusal
 * never reveals whether the user exists.
 */
export async function userInScope(
  db: Queryable,
  { caller, guard }: Pick<UserCaller, 'caller' | 'guard'>,
  operation: Operation,
  email: string,
): Promise<UserRow> {
  const row = await findUser(db, email);
  guard(operation, { email, organizationId: row?.organization_id ?? caller.organizationId });
  if (!row) throw notFound('User');
  return row;
}

/** '' and null both mean "no alternate email". */
export const alternateEmailOf = (value: string | null | undefined) => (value ? normalizeEmail(value) : null);

/**
 * A new user's fields before the body gives any: the default role, no alternate email, text, license or
 * data access. Every way a person is created starts here (a single sign-on connection's first sign-in too).
 */
export const NEW_USER_EDITS: UserEdits = {
  name: '',
  alternate_email: null,
  role: DEFAULT_ROLE,
  tableau_license: null,
  direct_data_access_enabled: false,
  ...NO_USER_TEXT,
};

/** The columns of the body's editable fields (name and texts trimmed, emails normalized) over `base`'s, where the body leaves one out. */
function editsOf(body: EditableFields, base: UserEdits): UserEdits {
  return {
    ...userTextColumns(body, base),
    name: body.name?.trim() ?? base.name,
    alternate_email: body.alternateEmail === undefined ? base.alternate_email : alternateEmailOf(body.alternateEmail),
    role: body.role ?? base.role,
    tableau_license: body.tableauConfig === undefined ? base.tableau_license : body.tableauConfig.tableauLicense,
    direct_data_access_enabled: body.direct_data_access_enabled ?? base.direct_data_access_enabled,
  };
}

/**
 * Reads the target user again after locking their organization: the organization's row lock orders
 * every change that counts users, org admins or seats.
 */
async function lockedTarget(
  tx: Queryable,
  who: Pick<UserCaller, 'caller' | 'guard'>,
  operation: 'setUserActive' | 'updateUser',
  email: string,
  organizationId?: string,
) {
  const found = await userInScope(tx, who, operation, email);
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
  { caller: principal, guard, source }: UserCaller,
  email: string,
  active: boolean,
  productName: string,
  organizationId?: string,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const { organization, target } = await lockedTarget(
      tx,
      { caller: principal, guard },
      'setUserActive',
      email,
      organizationId,
    );
    // Like roles, the active state of users above the caller's grant (an operators' Org Admin and its system admins) is not theirs to change.
    const beyondGrant = beyondGrantRefusal(principal.role, target, productName, 'active');
    if (beyondGrant) throw forbidden(beyondGrant);
    if (target.active !== active) {
      if (!active) {
        const refusal = deactivationRefusal(principal.subject, target, await activeOrgAdminCount(tx, organization.id));
        if (refusal) throw conflict(refusal);
      } else {
        await assertUserPlace(tx, organization);
        await assertSeat(tx, organization, target.tableau_license, email);
      }
    }
    const updated = target.active === active ? target : await updateUserActive(tx, email, active);
    // Deactivation signs the user out everywhere: their access tokens stop working at once.
    if (!active) await endUserSessions(tx, email, { reason: 'deactivated' });
    await auditUser(tx, source, active ? 'user.activate' : 'user.deactivate', target, updated);
    return updated;
  });
}

/** Updates a user's fields in `organizationId`, with the role rules and the seat limits. */
export async function updateUser(
  db: Database,
  { caller: principal, guard, source }: UserCaller,
  email: string,
  organizationId: string,
  body: EditableFields,
  productName: string,
): Promise<UserRow> {
  // The fields first, the role among them: only roles the caller may grant (whoever calls this service).
  assertValid(fieldProblems(principal, body, productName));
  return db.transaction(async (tx) => {
    const { organization, target } = await lockedTarget(
      tx,
      { caller: principal, guard },
      'updateUser',
      email,
      organizationId,
    );
    const edits = editsOf(body, target);
    const { role, tableau_license: license } = edits;
    // Roles above the caller's grant (system admins, to an Org Admin of the operators' organization) are not theirs to change.
    if (role !== target.role) {
      assertValid([{ param: 'role', msg: beyondGrantRefusal(principal.role, target, productName, 'role') }]);
    }
    if (role !== target.role) {
      assertValid([{ param: 'role', msg: roleInOrganizationRefusal(role, organization.name, productName) }]);
    }
    const refusal = roleChangeRefusal(principal.subject, target, role, await activeOrgAdminCount(tx, organization.id));
    if (refusal) throw conflict(refusal);
    if (target.active && license !== target.tableau_license) await assertSeat(tx, organization, license, email);
    const disabled = edits.direct_data_access_enabled ? [] : await disableUserCredentials(tx, email);
    const updated = await updateUserFields(tx, email, edits);
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
  { caller, guard, source }: UserCaller,
  email: string,
  enabled: boolean,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await userInScope(tx, { caller, guard }, 'setUserDataAccess', email);
    const disabled = enabled ? [] : await disableUserCredentials(tx, email);
    const updated = await updateUserDataAccess(tx, email, enabled);
    await auditUser(tx, source, 'user.data-access', target, updated, disabledDetails(disabled));
    return updated;
  });
}

/**
 * Turning a user's direct data access off also disables their credentials: the access they grant goes
 * with it. Answers the ids it disabled (the audit event names them).
 */
async function disableUserCredentials(db: Queryable, email: string): Promise<string[]> {
  return (await disableCredentialsOfUser(db, email)).sort();
}

/** Field problems shared by create and update: a blank name, a bad alternate email or text, a role the caller may not grant. */
export function fieldProblems(
  principal: Caller,
  body: EditableFields,
  productName: string,
): { param: string; msg: string | null }[] {
  return [
    { param: 'name', msg: body.name !== undefined ? validateName(body.name) : null },
    { param: 'alternateEmail', msg: body.alternateEmail ? validateEmail(normalizeEmail(body.alternateEmail)) : null },
    ...userTextProblems(body),
    { param: 'role', msg: body.role === undefined ? null : roleGrantRefusal(principal.role, body.role, productName) },
  ];
}

/**
 * Emails are unique across tenants, so a refusal must say the email is taken; to an organization's own
 * admin it says no more (not which organization, the same words whether it is theirs or another's),
 * while operators, who see every tenant, are told where (decisions.md).
 */
export function emailTakenMessage(principal: Caller, email: string, organizationId: string): string {
  if (isSystemRole(principal.role)) return `A user with email ${email} already exists (in ${organizationId}).`;
  return `The email ${email} is already in use. Choose another email, or ask an operator to move the existing account.`;
}

/** A page of users: of one organization (which must exist), or of every organization. */
export async function listUsers(db: Queryable, query: UserListQuery) {
  if (query.organizationId !== undefined) await getOrganization(db, query.organizationId);
  const email = query.email === undefined ? undefined : normalizeEmail(query.email);
  const { rows, total } = await selectUsers(db, { ...query, email });
  // Without a filter the total is the kept count (organization_user_counts), not a scan of every row.
  return { data: await toUsers(db, rows), total: total ?? (await userCount(db, query.organizationId)) };
}

/** A user with a summary of their organization (name and BI portal URL, which every user may see). */
export async function userWithOrganization(db: Queryable, who: Pick<UserCaller, 'caller' | 'guard'>, email: string) {
  const row = await userInScope(db, who, 'user', email);
  const organization = await getOrganization(db, row.organization_id);
  return {
    ...(await toUserWithCredentials(db, row)),
    organization: {
      id: organization.id,
      name: organization.name,
      biPortalUrl: organization.onboarding.bi?.portal_url ?? null,
    },
  };
}

/**
 * Why an email outside the organization's domains is refused, or null once confirmed. Only operators
 * confirm one: an Org Admin is refused with the same words whether the email is free or another
 * tenant's, so createUser cannot test whether an email exists anywhere on the platform (decisions.md).
 */
function outsideDomainsRefusal(
  principal: Caller,
  email: string,
  organization: OrganizationRow,
  body: UserCreate,
  config: Pick<PlatformConfig, 'productName'>,
): string | null {
  if (!isSystemRole(principal.role))
    return outsideDomainsOperatorsOnlyMessage(email, organization.name, organization.domain, config.productName);
  return body.allowOutsideDomain === true ? null : outsideDomainsMessage(email, organization.name, organization.domain);
}

/** How createUser treats a user created without a password. */
export interface CreateUserOptions {
  /**
   * Send the invitation mail (default true). False for a person a directory provisions into an
   * organization with single sign-on (SCIM): they sign in through their identity provider, no password.
   */
  invite?: boolean;
  /** A directory's create (SCIM) says so; otherwise the person came through the console (or a tool). */
  provenance?: 'scim';
}

/**
 * Creates a user in `organizationId` under the user limit and seats, or invites them when no password
 * is given (unless `options.invite` is false); one event records it.
 */
export async function createUser(
  db: Database,
  { caller: principal, source }: UserCaller,
  organizationId: string,
  body: UserCreate,
  config: Pick<PlatformConfig, 'consoleUrl' | 'productName'>,
  options: CreateUserOptions = {},
) {
  const email = normalizeEmail(body.email);
  assertValid([
    { param: 'email', msg: validateEmail(email) },
    { param: 'password', msg: body.password === undefined ? null : validatePassword(body.password) },
    ...fieldProblems(principal, body, config.productName),
  ]);
  // Hash before the transaction: it takes tens of milliseconds and must not hold the organization's lock.
  const passwordHash = body.password === undefined ? null : await hash(body.password);
  const edits = editsOf(body, NEW_USER_EDITS);
  const row = await db.transaction(async (tx) => {
    const organization = await getOrganization(tx, organizationId, true);
    const { role } = edits;
    const outside = isOutsideDomains(email, organization.domain);
    assertValid([
      { param: 'role', msg: roleInOrganizationRefusal(role, organization.name, config.productName) },
      { param: 'email', msg: outside ? outsideDomainsRefusal(principal, email, organization, body, config) : null },
    ]);
    const existing = await findUser(tx, email);
    if (existing) throw conflict(emailTakenMessage(principal, email, existing.organization_id), 'email');
    await assertUserPlace(tx, organization);
    await assertSeat(tx, organization, edits.tableau_license);
    // Without a password the new user is invited (issue 18): one event, the invitation, with the new record.
    const invited = passwordHash === null && options.invite !== false;
    const inserted = await insertUser(tx, {
      email,
      organization_id: organizationId,
      password_hash: passwordHash,
      provenance: options.provenance ?? (invited ? 'invitation' : 'console'),
      ...edits,
    });
    if (invited) await sendInvitation(tx, config, inserted, source);
    // Read again once the invitation is out: being invited is having been mailed one.
    const created = invited ? (await findUser(tx, email))! : inserted;
    await recordAuditEvent(tx, source, {
      action: invited ? 'invitation.send' : 'user.create',
      organizationId,
      target: { type: 'user', id: email },
      changes: auditChanges('user', null, toUser(created, [])),
      // The confirmed exception stays on record (decisions.md).
      ...(outside ? { details: { outsideDomains: organization.domain.join(', ') } } : {}),
    });
    return created;
  });
  return toUserWithCredentials(db, row);
}
