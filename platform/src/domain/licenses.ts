import type { Licenses } from '@meridian/schema';
import type { LicensesPatch } from '../contract/organizations.js';
import type { Database, Queryable } from '../db/database.js';
import { knownProducts } from '../stores/catalog.js';
import { updateOrganizationLicenses, type OrganizationRow } from '../stores/organizations.js';
import { auditChanges, recordAuditEvent, type AuditSource } from './audit.js';
import { Conflict, validationError } from './errors.js';
import { getOrganization, licenseUsage, toOrganization, withUsage } from './organizations.js';

/** `stored` with what `patch` names changed; products not named keep their entry. */
function mergeLicenses(stored: Licenses, patch: LicensesPatch): Licenses {
  return {
    ...stored,
    ...(patch.user_limit !== undefined && { user_limit: patch.user_limit }),
    tableau_user_licenses: { ...stored.tableau_user_licenses, ...patch.tableau_user_licenses },
    products: { ...stored.products, ...patch.products },
  };
}

/** Product keys of `patch` missing from the (non-PR) catalog, each named as licenses.products.{key}. */
async function assertKnownProducts(db: Queryable, patch: LicensesPatch): Promise<void> {
  const keys = Object.keys(patch.products ?? {});
  if (keys.length === 0) return;
  const known = await knownProducts(db, keys);
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw validationError(
      unknown.map((key) => ({ param: `licenses.products.${key}`, msg: `Product ${key} is not in the catalog.` })),
    );
  }
}

/** Refuses (409) a limit lowered below what the organization uses now; untouched limits are not judged. */
async function assertFitsUsage(db: Queryable, organization: OrganizationRow, next: Licenses): Promise<void> {
  const usage = (await licenseUsage(db, [organization.id])).get(organization.id)!;
  const stored = organization.licenses;
  const problems: string[] = [];
  if (next.user_limit !== stored.user_limit && next.user_limit < usage.active_users) {
    problems.push(
      `The user limit cannot be ${next.user_limit}: the organization has ${usage.active_users} active users. Deactivate users first.`,
    );
  }
  for (const level of ['explorer', 'viewer'] as const) {
    const count = next.tableau_user_licenses[`${level}_count`];
    const used = usage[`${level}_used`];
    if (count !== stored.tableau_user_licenses[`${level}_count`] && count < used) {
      problems.push(
        `Tableau ${level} licenses cannot be ${count}: ${used} are assigned to active users. Change their licenses first.`,
      );
    }
  }
  if (problems.length > 0) throw new Conflict(problems.map((message) => ({ message })));
}

/**
 * The licenses an organization has after `patch`: products checked against the catalog (400),
 * limits against current use (409). Shared by PUT /licenses and segment-switch; call it inside the
 * transaction that holds the organization's row.
 */
export async function licensesAfter(
  db: Queryable,
  organization: OrganizationRow,
  patch: LicensesPatch,
): Promise<Licenses> {
  await assertKnownProducts(db, patch);
  const next = mergeLicenses(organization.licenses, patch);
  await assertFitsUsage(db, organization, next);
  return next;
}

/** Changes an organization's licenses (only what `patch` names) and records it; answers them with their use. */
export async function updateLicenses(db: Database, source: AuditSource, organizationId: string, patch: LicensesPatch) {
  return db.transaction(async (tx) => {
    const organization = await getOrganization(tx, organizationId, true);
    const licenses = await licensesAfter(tx, organization, patch);
    const row = await updateOrganizationLicenses(tx, organizationId, licenses);
    await recordAuditEvent(tx, source, {
      action: 'licenses.update',
      organizationId,
      target: { type: 'organization', id: organizationId },
      changes: auditChanges('organization', toOrganization(organization), toOrganization(row)),
    });
    const usage = (await licenseUsage(tx, [organizationId])).get(organizationId)!;
    return { ...toOrganization(row), licenses: withUsage(licenses, usage) };
  });
}
