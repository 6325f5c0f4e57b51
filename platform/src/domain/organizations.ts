import type { Licenses, OrganizationStatus } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { notFound } from '../http/errors.js';

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
  created_at: Date;
  updated_at: Date;
}

/** An organization as the REST API answers it (spec section 3 field names). */
export function toOrganization(row: OrganizationRow) {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    status: row.status,
    domain: row.domain,
    callbackUrls: row.callback_urls,
    primaryContact: row.primary_contact,
    licenses: row.licenses,
    preferences: row.preferences,
    customer_segment: row.customer_segment,
    medicare_licensed: row.medicare_licensed,
    onboarding: row.onboarding,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
export type Organization = ReturnType<typeof toOrganization>;

export async function findOrganization(db: Queryable, id: string): Promise<OrganizationRow | undefined> {
  return (await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1', [id])).rows[0];
}

export async function getOrganization(db: Queryable, id: string, forUpdate = false): Promise<OrganizationRow> {
  const sql = `SELECT * FROM organizations WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`;
  const row = (await db.query<OrganizationRow>(sql, [id])).rows[0];
  if (!row) throw notFound('Organization');
  return row;
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

/** A license with the read-only usage keys of schema/licenses.ts added (include=licenses_used). */
export function withUsage(licenses: Licenses, usage: LicenseUsage) {
  return {
    ...licenses,
    active_users: usage.active_users,
    tableau_user_licenses: {
      ...licenses.tableau_user_licenses,
      explorer_used: usage.explorer_used,
      viewer_used: usage.viewer_used,
    },
  };
}
