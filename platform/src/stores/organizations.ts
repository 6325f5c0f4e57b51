import type { Licenses, OrganizationSortKey, OrganizationStatus } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { orderBy, page, searchTextMatches, type ListQuery } from './sql.js';

export interface OrganizationRow {
  id: string;
  name: string;
  active: boolean;
  status: OrganizationStatus;
  domain: string[];
  callback_urls: string[];
  primary_contact: { name?: string; email?: string };
  licenses: Licenses;
  preferences: { bi_portal: { default_states: string[] } };
  customer_segment: string;
  medicare_licensed: boolean;
  onboarding: { bi?: { portal_url?: string } };
  /** Every user signs in with a second factor (the provider enforces it at sign-in). */
  require_mfa: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The organization, locked until the transaction ends when `forUpdate`. */
export async function findOrganization(
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<OrganizationRow | undefined> {
  const sql = `SELECT * FROM organizations WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`;
  return (await db.query<OrganizationRow>(sql, [id])).rows[0];
}

export interface OrganizationListQuery extends ListQuery {
  customer_segment?: string;
  status?: OrganizationStatus;
}

const SORTABLE: Readonly<Record<OrganizationSortKey, string>> = {
  id: 'id',
  name: 'lower(name)',
  status: 'status',
  customer_segment: 'customer_segment',
  createdAt: 'created_at',
};

/** One page of organizations matching the search and filters, and how many match in all. */
export async function selectOrganizations(
  db: Queryable,
  query: OrganizationListQuery,
): Promise<{ rows: OrganizationRow[]; total: number }> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const when = (value: unknown, condition: (n: string) => string) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (query.search) conditions.push(searchTextMatches(query.search, params));
  if (query.customer_segment !== undefined) when(query.customer_segment, (n) => `customer_segment = ${n}`);
  if (query.status !== undefined) when(query.status, (n) => `status = ${n}`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations ${where}`, params))
    .rows[0]!.n;
  const order = orderBy(query.sort, SORTABLE, 'name', 'id');
  const { rows } = await db.query<OrganizationRow>(
    `SELECT * FROM organizations ${where} ${order}${page(query, params)}`,
    params,
  );
  return { rows, total };
}

export interface LicenseUsage {
  active_users: number;
  explorer_used: number;
  viewer_used: number;
}

/** Seats in use for each organization id given: active users, and their tableau explorer/viewer levels. */
export async function licenseUsage(db: Queryable, organizationIds: string[]): Promise<Map<string, LicenseUsage>> {
  const { rows } = await db.query<{
    organization_id: string;
    active_users: number;
    explorer_used: number;
    viewer_used: number;
  }>(
    // Kept by the database (migration 006), not counted: an organization may have 100,000 users.
    `SELECT organization_id, active_users, explorer_used, viewer_used
       FROM organization_user_counts WHERE organization_id = ANY($1)`,
    [organizationIds],
  );
  const usage = new Map(organizationIds.map((id) => [id, { active_users: 0, explorer_used: 0, viewer_used: 0 }]));
  for (const row of rows) usage.set(row.organization_id, row);
  return usage;
}

/** The columns a new organization is created with; the others take their defaults. */
export interface NewOrganization {
  id: string;
  name: string;
  domain: string[];
  callbackUrls: string[];
  primaryContact: OrganizationRow['primary_contact'];
  licenses: Licenses;
  customerSegment: string;
  medicareLicensed: boolean;
}

/** The organization created, or undefined when its id is taken. */
export async function insertOrganization(tx: Queryable, values: NewOrganization): Promise<OrganizationRow | undefined> {
  const { rows } = await tx.query<OrganizationRow>(
    `INSERT INTO organizations (id, name, domain, callback_urls, primary_contact, licenses, customer_segment, medicare_licensed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING *`,
    [
      values.id,
      values.name,
      values.domain,
      values.callbackUrls,
      values.primaryContact,
      values.licenses,
      values.customerSegment,
      values.medicareLicensed,
    ],
  );
  return rows[0];
}

/** The fields PUT /organization edits, all written (the service merges the body with what is stored). */
export type OrganizationEdits = Pick<
  OrganizationRow,
  'name' | 'domain' | 'callback_urls' | 'primary_contact' | 'onboarding' | 'require_mfa'
> & {
  /** Stored as the body gives it, merged over the stored preferences. */
  preferences: object;
};

export async function updateOrganizationRow(
  tx: Queryable,
  id: string,
  edits: OrganizationEdits,
): Promise<OrganizationRow> {
  const { rows } = await tx.query<OrganizationRow>(
    `UPDATE organizations SET name = $2, domain = $3, callback_urls = $4, primary_contact = $5, preferences = $6,
            onboarding = $7, require_mfa = $8, updated_at = now() WHERE id = $1 RETURNING *`,
    [
      id,
      edits.name,
      edits.domain,
      edits.callback_urls,
      edits.primary_contact,
      edits.preferences,
      edits.onboarding,
      edits.require_mfa,
    ],
  );
  return rows[0]!;
}

export async function updateOrganizationLicenses(
  tx: Queryable,
  id: string,
  licenses: Licenses,
): Promise<OrganizationRow> {
  const { rows } = await tx.query<OrganizationRow>(
    'UPDATE organizations SET licenses = $2, updated_at = now() WHERE id = $1 RETURNING *',
    [id, licenses],
  );
  return rows[0]!;
}

export async function updateOrganizationStatus(tx: Queryable, id: string, status: OrganizationStatus): Promise<void> {
  await tx.query('UPDATE organizations SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

export async function markOrganizationActive(tx: Queryable, id: string): Promise<void> {
  await tx.query(`UPDATE organizations SET status = 'active', active = true, updated_at = now() WHERE id = $1`, [id]);
}

export async function updateOrganizationSegment(
  tx: Queryable,
  id: string,
  segment: { customerSegment: string; medicareLicensed: boolean; licenses: Licenses },
): Promise<void> {
  await tx.query(
    'UPDATE organizations SET customer_segment = $2, medicare_licensed = $3, licenses = $4, updated_at = now() WHERE id = $1',
    [id, segment.customerSegment, segment.medicareLicensed, segment.licenses],
  );
}

/** Every organization's name and licenses, by name (the analytics' license use). */
export async function selectOrganizationLicenses(db: Queryable) {
  const { rows } = await db.query<{ id: string; name: string; licenses: Partial<Licenses> }>(
    'SELECT id, name, licenses FROM organizations ORDER BY lower(name), id',
  );
  return rows;
}
