import {
  BULK_USERS_BATCH,
  BULK_USERS_LIMIT,
  BULK_USER_NOT_FOUND_MESSAGE,
  bulkRoleRefusal,
  bulkTooManyMessage,
  deactivationRefusal,
  grantableRoles,
  normalizeEmail,
  roleLabel,
  seatLimitMessage,
  userLimitMessage,
} from '@meridian/schema';
import type { BulkUserResult, SetUsersActiveResult } from '../contract/user-bulk.js';
import type { Database, Queryable } from '../db/database.js';
import { lockUsersOf, matchingCount, matchingEmails, updateUsersActive } from '../stores/users.js';
import { recordAuditEvents, type AuditSource } from './audit.js';
import type { Caller } from './caller.js';
import { assertValid } from './errors.js';
import { getOrganization, licenseUsage, type OrganizationRow } from './organizations.js';
import { endSessionsOfEach } from './sessions.js';
import { activeOrgAdminCount, userAuditEvent, type UserRow } from './users.js';

/** The users a bulk action names: listed emails, or every user of the list's search. */
export type UserSelection = { emails: string[] } | { allMatching: { search?: string } };

export interface BulkCaller {
  principal: Caller;
  source: AuditSource;
  productName: string;
}

/** The selection's emails, normalized and without repeats, in the order given. */
async function selectedEmails(db: Queryable, organizationId: string, selection: UserSelection): Promise<string[]> {
  if ('emails' in selection) return [...new Set(selection.emails.map(normalizeEmail))];
  const search = selection.allMatching.search;
  // One more than the limit is read to tell "too many".
  const emails = await matchingEmails(db, organizationId, search, BULK_USERS_LIMIT + 1);
  if (emails.length > BULK_USERS_LIMIT) {
    assertValid([{ param: 'allMatching', msg: bulkTooManyMessage(await matchingCount(db, organizationId, search)) }]);
  }
  return emails;
}

/**
 * What the organization can still take while a batch activates users: places under the user limit and
 * Tableau seats, counted once per batch under the organization's lock and kept as rows change.
 */
class Capacity {
  private constructor(
    private readonly organization: OrganizationRow,
    private activeUsers: number,
    private readonly seatsUsed: { explorer: number; viewer: number },
    private activeOrgAdmins: number,
  ) {}

  static async of(tx: Queryable, organization: OrganizationRow): Promise<Capacity> {
    const usage = (await licenseUsage(tx, [organization.id])).get(organization.id)!;
    const admins = await activeOrgAdminCount(tx, organization.id);
    return new Capacity(
      organization,
      usage.active_users,
      { explorer: usage.explorer_used, viewer: usage.viewer_used },
      admins,
    );
  }

  /** Why `user` may not be activated now, or null (and then their place and seat are taken). */
  activate(user: UserRow): string | null {
    const { licenses } = this.organization;
    if (this.activeUsers + 1 > licenses.user_limit) return userLimitMessage(licenses.user_limit);
    const level = user.tableau_license;
    if (level === 'explorer' || level === 'viewer') {
      const seats = licenses.tableau_user_licenses;
      const limit = level === 'explorer' ? seats.explorer_count : seats.viewer_count;
      if (this.seatsUsed[level] + 1 > limit) return seatLimitMessage(level, limit);
      this.seatsUsed[level] += 1;
    }
    this.activeUsers += 1;
    if (user.role === 'orgAdmin') this.activeOrgAdmins += 1;
    return null;
  }

  /** Why `user` may not be deactivated by `actor` now (schema's self-protection rules), or null. */
  deactivate(actor: string, user: UserRow): string | null {
    const refusal = deactivationRefusal(actor, user, this.activeOrgAdmins);
    if (refusal) return refusal;
    this.activeUsers -= 1;
    if (user.tableau_license === 'explorer' || user.tableau_license === 'viewer')
      this.seatsUsed[user.tableau_license] -= 1;
    if (user.role === 'orgAdmin') this.activeOrgAdmins -= 1;
    return null;
  }
}

const refused = (email: string, reason: string): BulkUserResult => ({ email, outcome: 'refused', reason });

/**
 * One batch in one transaction: the organization locked (it orders every change that counts users,
 * Org Admins or seats, as setUserActive does), the batch's users locked, each decided by the rules of
 * the single-user call, the changed ones updated in one statement and each audited as user.activate or
 * user.deactivate. Rows already in the state are left alone and not audited.
 */
async function applyBatch(
  tx: Queryable,
  caller: BulkCaller,
  organizationId: string,
  emails: string[],
  active: boolean,
): Promise<BulkUserResult[]> {
  const organization = await getOrganization(tx, organizationId, true);
  const rows = await lockUsersOf(tx, organizationId, emails);
  const found = new Map(rows.map((row) => [row.email, row]));
  const capacity = await Capacity.of(tx, organization);
  const grantable = grantableRoles(caller.principal.role);
  const toChange: UserRow[] = [];
  const results = emails.map((email): BulkUserResult => {
    const user = found.get(email);
    // Another tenant's user answers like a missing one: the refusal reveals nothing.
    if (!user) return refused(email, BULK_USER_NOT_FOUND_MESSAGE);
    if (!grantable.includes(user.role))
      return refused(email, bulkRoleRefusal(roleLabel(user.role, caller.productName)));
    if (user.active === active) return { email, outcome: 'unchanged', reason: null };
    const refusal = active ? capacity.activate(user) : capacity.deactivate(caller.principal.subject, user);
    if (refusal) return refused(email, refusal);
    toChange.push(user);
    return { email, outcome: 'changed', reason: null };
  });
  if (toChange.length === 0) return results;
  const updated = await updateUsersActive(
    tx,
    toChange.map((user) => user.email),
    active,
  );
  // Deactivation signs the users out everywhere: their access tokens stop working at once.
  if (!active) {
    const emails = updated.map((row) => row.email);
    await endSessionsOfEach(tx, emails, 'deactivated');
  }
  const after = new Map(updated.map((row) => [row.email, row]));
  const action = active ? 'user.activate' : 'user.deactivate';
  await recordAuditEvents(
    tx,
    caller.source,
    toChange.map((before) => userAuditEvent(action, before, after.get(before.email)!)),
  );
  return results;
}

/**
 * Activates or deactivates the selected users of an organization (POST /user/bulk/active): the
 * permission and tenant scope of setUserActive, then batches of BULK_USERS_BATCH users, each in its own
 * transaction, so 10,000 users never hold the organization's lock for long. A refusal refuses one row.
 */
export async function setUsersActive(
  db: Database,
  caller: BulkCaller,
  organizationId: string,
  selection: UserSelection,
  active: boolean,
): Promise<SetUsersActiveResult> {
  await getOrganization(db, organizationId);
  const emails = await selectedEmails(db, organizationId, selection);
  const results: BulkUserResult[] = [];
  for (let start = 0; start < emails.length; start += BULK_USERS_BATCH) {
    const batch = emails.slice(start, start + BULK_USERS_BATCH);
    results.push(...(await db.transaction((tx) => applyBatch(tx, caller, organizationId, batch, active))));
  }
  const count = (outcome: BulkUserResult['outcome']) => results.filter((row) => row.outcome === outcome).length;
  return { changed: count('changed'), unchanged: count('unchanged'), refused: count('refused'), results };
}
