import {
  USER_TEXT_FIELDS,
  type Role,
  type TableauLicense,
  type UserProvenance,
  type UserSortKey,
  type UserStatus,
  type UserTextColumn,
} from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { orderBy, page, searchTextMatches, type ListQuery } from './sql.js';

/** A user's optional text fields as columns (schema's USER_TEXT_FIELDS): null, none. */
export type UserTextColumns = { [Column in UserTextColumn]: string | null };

/** A user as stored, without the password hash (which only the password calls read). */
export interface UserRow extends UserTextColumns {
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
  /**
   * Mailed an invitation (issue 18) and not yet through its link: no password, no identity at the
   * organization's identity provider. Someone a directory or a connection created without a mail is not
   * invited (issue 39): they sign in through their identity provider.
   */
  invited: boolean;
  /** How the person came to be a user (issue 39): console, invitation, sso or scim. */
  provenance: UserProvenance;
  /** When a sign-in of theirs last completed; null: never. */
  last_sign_in_at: Date | null;
}

/**
 * The columns POST /user sets and PUT /user edits, each named once: the INSERT, the UPDATE and what
 * the service hands them (UserEdits) are built from this list.
 */
const EDITABLE_COLUMNS = [
  'name',
  'alternate_email',
  'role',
  'tableau_license',
  'direct_data_access_enabled',
  ...USER_TEXT_FIELDS.map(({ column }) => column),
] as const satisfies readonly (keyof UserRow)[];

/** The editable fields of a user, as columns: all written by an insert or an update. */
export type UserEdits = Pick<UserRow, (typeof EDITABLE_COLUMNS)[number]>;

/**
 * Waiting on an invitation: no password and no identity provider's identifier yet, and an invitation was
 * mailed (its token stays in password_tokens, used or not, until the user is removed). A person a
 * directory or a connection created without a mail has none. On users unaliased, as every query here.
 */
const INVITED = `(password_hash IS NULL AND sso_subject IS NULL AND EXISTS (SELECT 1 FROM password_tokens t WHERE t.email = users.email AND t.purpose = 'invitation'))`;

/** Every column but password_hash (only whether there is one): selecting through this keeps the hash out of any answer. */
export const USER_COLUMNS = `email, organization_id, ${EDITABLE_COLUMNS.join(', ')}, password_changed_at, active, created_at, updated_at, ${INVITED} AS invited, provenance, last_sign_in_at`;

/** GET /user?status: the SQL of each status, as userStatusOf (domain/user-records.ts) derives it. */
export const STATUS_CONDITIONS: Readonly<Record<UserStatus, string>> = {
  inactive: 'NOT active',
  invited: `active AND ${INVITED}`,
  active: `active AND NOT ${INVITED}`,
};

export async function findUser(db: Queryable, email: string, forUpdate = false): Promise<UserRow | undefined> {
  const sql = `SELECT ${USER_COLUMNS} FROM users WHERE email = $1${forUpdate ? ' FOR UPDATE' : ''}`;
  return (await db.query<UserRow>(sql, [email])).rows[0];
}

export interface UserListQuery extends ListQuery {
  organizationId?: string;
  email?: string;
  status?: UserStatus;
  provenance?: UserProvenance;
}

const SORTABLE: Readonly<Record<UserSortKey, string>> = {
  name: 'lower(name)',
  email: 'email',
  role: 'role',
  active: 'active',
  createdAt: 'created_at',
  // Never signed in sorts as the longest ago (migration 022 indexes this expression).
  lastSignInAt: `coalesce(last_sign_in_at, '-infinity'::timestamptz)`,
};

/** A page of users matching the filters; `total` only when a filter is given (else the kept count serves). */
export async function selectUsers(
  db: Queryable,
  query: UserListQuery,
): Promise<{ rows: UserRow[]; total: number | undefined }> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (query.organizationId !== undefined) {
    params.push(query.organizationId);
    conditions.push(`organization_id = $${params.length}`);
  }
  if (query.email !== undefined) {
    params.push(query.email);
    conditions.push(`email = $${params.length}`);
  }
  if (query.status !== undefined) conditions.push(STATUS_CONDITIONS[query.status]);
  if (query.provenance !== undefined) {
    params.push(query.provenance);
    conditions.push(`provenance = $${params.length}`);
  }
  if (query.search) conditions.push(searchTextMatches(query.search, params));
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const filtered =
    query.search !== undefined ||
    query.email !== undefined ||
    query.status !== undefined ||
    query.provenance !== undefined;
  const total = filtered
    ? (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users ${where}`, params)).rows[0]!.n
    : undefined;
  const order = orderBy(query.sort, SORTABLE, 'name', 'email');
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users ${where} ${order}${page(query, params)}`,
    params,
  );
  return { rows, total };
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

/** Active Org Admins of an organization, for the self-protection rules. */
export async function activeOrgAdminCount(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE organization_id = $1 AND role = 'orgAdmin' AND active`,
    [organizationId],
  );
  return rows[0]!.n;
}

/** Active users of the organization holding a seat at `license`, not counting `except`. */
export async function seatHolderCount(
  db: Queryable,
  organizationId: string,
  license: TableauLicense,
  except: string,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users
      WHERE organization_id = $1 AND active AND tableau_license = $2 AND email <> $3`,
    [organizationId, license, except],
  );
  return rows[0]!.n;
}

/**
 * A new user: their email, organization, password hash (null: invited, or signing in through their
 * identity provider), editable fields and how they came.
 */
export interface NewUser extends UserEdits {
  email: string;
  organization_id: string;
  password_hash: string | null;
  provenance: UserProvenance;
}

export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const columns = ['email', 'organization_id', 'password_hash', 'provenance', ...EDITABLE_COLUMNS] as const;
  const { rows } = await tx.query<UserRow>(
    `INSERT INTO users (${columns.join(', ')})
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${USER_COLUMNS}`,
    columns.map((column) => user[column]),
  );
  return rows[0]!;
}

async function updateRow(db: Queryable, email: string, assignments: string, values: unknown[]): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET ${assignments}, updated_at = now() WHERE email = $1 RETURNING ${USER_COLUMNS}`,
    [email, ...values],
  );
  return rows[0]!;
}

/** A sign-in of `email` completed now (the 'sign-in' audit event's moment). */
export async function updateLastSignIn(db: Queryable, email: string): Promise<void> {
  await db.query('UPDATE users SET last_sign_in_at = now() WHERE email = $1', [email]);
}

export const updateUserActive = (db: Queryable, email: string, active: boolean) =>
  updateRow(db, email, 'active = $2', [active]);

export const updateUserDataAccess = (db: Queryable, email: string, enabled: boolean) =>
  updateRow(db, email, 'direct_data_access_enabled = $2', [enabled]);

/** Writes every editable field (the service merges the body with what is stored). */
export const updateUserFields = (db: Queryable, email: string, edits: UserEdits) =>
  updateRow(
    db,
    email,
    EDITABLE_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', '),
    EDITABLE_COLUMNS.map((column) => edits[column]),
  );

/**
 * Emails of the organization's users matching `search` (as GET /user's search finds them), by email,
 * at most `limit`.
 */
export async function matchingEmails(
  db: Queryable,
  organizationId: string,
  search: string | undefined,
  limit: number,
): Promise<string[]> {
  const params: unknown[] = [organizationId, limit];
  const where = `organization_id = $1${search ? ` AND ${searchTextMatches(search, params)}` : ''}`;
  const { rows } = await db.query<{ email: string }>(
    `SELECT email FROM users WHERE ${where} ORDER BY email LIMIT $2`,
    params,
  );
  return rows.map((row) => row.email);
}

/** How many of the organization's users match `search`. */
export async function matchingCount(db: Queryable, organizationId: string, search: string | undefined) {
  const params: unknown[] = [organizationId];
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE organization_id = $1${search ? ` AND ${searchTextMatches(search, params)}` : ''}`,
    params,
  );
  return rows[0]!.n;
}

/** The organization's users among `emails`, locked until the transaction ends. */
export async function lockUsersOf(tx: Queryable, organizationId: string, emails: string[]): Promise<UserRow[]> {
  const { rows } = await tx.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE organization_id = $1 AND email = ANY($2) FOR UPDATE`,
    [organizationId, emails],
  );
  return rows;
}

/** Sets `active` on every user of `emails` in one statement; answers them as they now are. */
export async function updateUsersActive(tx: Queryable, emails: string[], active: boolean): Promise<UserRow[]> {
  const { rows } = await tx.query<UserRow>(
    `UPDATE users SET active = $2, updated_at = now() WHERE email = ANY($1) RETURNING ${USER_COLUMNS}`,
    [emails, active],
  );
  return rows;
}

/**
 * A caller's role, organization and standing (theirs and their organization's lifecycle status); `sid`,
 * their token's session: whether it has ended and why. One query: the organization by its key, the
 * session by one indexed lookup.
 */
export async function findUserStanding(db: Queryable, email: string, sid: string | null = null) {
  const { rows } = await db.query<{
    role: string | null;
    organization_id: string;
    active: boolean;
    organization_status: string;
    session_ended: boolean;
    session_end_reason: string | null;
  }>(
    `SELECT u.role, u.organization_id, u.active, o.status AS organization_status,
            s.revoked_at IS NOT NULL AS session_ended, s.end_reason AS session_end_reason
       FROM users u JOIN organizations o ON o.id = u.organization_id
       LEFT JOIN user_sessions s ON s.sid = $2 AND s.revoked_at IS NOT NULL
      WHERE u.email = $1`,
    [email, sid],
  );
  return rows[0];
}
