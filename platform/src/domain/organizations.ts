import {
  CONTACT_NAME_REQUIRED_MESSAGE,
  defaultLicenses,
  firstProblem,
  normalizeDomains,
  validateCallbackUrl,
  validateDomain,
  validateEmail,
  validateName,
  validateOrganizationId,
  validateStateCode,
  validateWebAddress,
  type Licenses,
} from '@meridian/schema';
import type { OrganizationCreate, OrganizationUpdate } from '../contract/organizations.js';
import type { Database, Queryable } from '../db/database.js';
import { customerSegmentExists } from '../stores/catalog.js';
import {
  findOrganization,
  insertOrganization,
  licenseUsage,
  selectOrganizations,
  updateOrganizationRow,
  type LicenseUsage,
  type OrganizationListQuery,
  type OrganizationRow,
} from '../stores/organizations.js';
import { auditChanges, recordAuditEvent, type AuditSource } from './audit.js';
import { assertValid, conflict, notFound } from './errors.js';
import { jobsView, loadJobs, refreshJobs } from './jobs.js';
import { assertDomainsFree } from './organization-domains.js';

/** The organization, or undefined (getOrganization throws NotFound instead). */
export { findOrganization };

export { licenseUsage, type LicenseUsage, type OrganizationRow };

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
    requireMfa: row.require_mfa,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
export type Organization = ReturnType<typeof toOrganization>;

/** The organization (locked until the transaction ends when `forUpdate`), or 'Organization not found.' */
export async function getOrganization(db: Queryable, id: string, forUpdate = false): Promise<OrganizationRow> {
  const row = await findOrganization(db, id, forUpdate);
  if (!row) throw notFound('Organization');
  return row;
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

function wantsUsage(include: string | undefined): boolean {
  return (include ?? '').split(',').includes('licenses_used');
}

/** A page of organizations, their statuses brought up to now, with their license use when `include` asks. */
export async function listOrganizations(db: Database, query: OrganizationListQuery & { include?: string }) {
  // Lifecycle jobs advance with time: bring their states up to now before reading statuses.
  await db.transaction((tx) => refreshJobs(tx));
  const { rows, total } = await selectOrganizations(db, query);
  const usage = wantsUsage(query.include)
    ? await licenseUsage(
        db,
        rows.map((r) => r.id),
      )
    : undefined;
  const data = rows.map((row) => {
    const organization = toOrganization(row);
    return usage ? { ...organization, licenses: withUsage(row.licenses, usage.get(row.id)!) } : organization;
  });
  return { data, total };
}

/** One organization with its lifecycle jobs (brought up to now), and its license use when `include` asks. */
export async function organizationDetail(db: Database, id: string, include: string | undefined) {
  await db.transaction((tx) => refreshJobs(tx, id));
  const row = await getOrganization(db, id);
  const organization = { ...toOrganization(row), jobs: jobsView(await loadJobs(db, row.id)) };
  if (!wantsUsage(include)) return organization;
  const usage = (await licenseUsage(db, [row.id])).get(row.id)!;
  return { ...organization, licenses: withUsage(row.licenses, usage) };
}

/** The portal URL a body sets: a string, null to remove it (also for ''), undefined when not given. */
function portalUrlOf(body: OrganizationUpdate): string | null | undefined {
  const bi = body.onboarding?.bi;
  if (!bi || !('portal_url' in bi)) return undefined;
  const url = bi.portal_url?.trim() ?? '';
  return url === '' ? null : url;
}

/** The stored onboarding with the body's portal URL set or removed. */
function withPortalUrl(onboarding: OrganizationRow['onboarding'], url: string | null | undefined) {
  if (url === undefined) return onboarding;
  const { portal_url: _removed, ...bi } = onboarding.bi ?? {};
  return { ...onboarding, bi: url === null ? bi : { ...bi, portal_url: url } };
}

/** Problems of the editable fields present in a create or update body, each named by its field. */
function editableFieldProblems(body: OrganizationUpdate): { param: string; msg: string | null }[] {
  return [
    { param: 'name', msg: body.name === undefined ? null : validateName(body.name) },
    { param: 'domain', msg: body.domain ? firstProblem(body.domain, validateDomain) : null },
    { param: 'callbackUrls', msg: body.callbackUrls ? firstProblem(body.callbackUrls, validateCallbackUrl) : null },
    {
      param: 'primaryContact.name',
      msg: body.primaryContact ? validateName(body.primaryContact.name, CONTACT_NAME_REQUIRED_MESSAGE) : null,
    },
    { param: 'primaryContact.email', msg: body.primaryContact ? validateEmail(body.primaryContact.email) : null },
    {
      param: 'preferences.bi_portal.default_states',
      msg: body.preferences?.bi_portal?.default_states
        ? firstProblem(body.preferences.bi_portal.default_states, validateStateCode)
        : null,
    },
    {
      param: 'onboarding.bi.portal_url',
      msg: typeof portalUrlOf(body) === 'string' ? validateWebAddress(portalUrlOf(body)!) : null,
    },
  ];
}

/** 'Customer segment … does not exist.' for the field naming one that is not stored, else null. */
export async function unknownSegmentProblem(db: Queryable, segment: string) {
  return {
    param: 'customer_segment',
    msg: (await customerSegmentExists(db, segment)) ? null : `Customer segment ${segment} does not exist.`,
  };
}

/** Creates an organization with the default licenses under what the body names, and records it. */
export async function createOrganization(db: Database, source: AuditSource, given: OrganizationCreate) {
  // Domains are stored as their rule says (lower-case, once): what is checked is what is kept.
  const body = { ...given, domain: normalizeDomains(given.domain) };
  assertValid([
    { param: 'id', msg: validateOrganizationId(body.id) },
    ...editableFieldProblems(body),
    await unknownSegmentProblem(db, body.customer_segment),
  ]);
  const defaults = defaultLicenses();
  const licenses: Licenses = {
    ...defaults,
    ...body.licenses,
    tableau_user_licenses: { ...defaults.tableau_user_licenses, ...body.licenses?.tableau_user_licenses },
  };
  return db.transaction(async (tx) => {
    const row = await insertOrganization(tx, {
      id: body.id,
      name: body.name,
      domain: body.domain,
      callbackUrls: body.callbackUrls ?? [],
      primaryContact: body.primaryContact,
      licenses,
      customerSegment: body.customer_segment,
      medicareLicensed: body.medicare_licensed,
    });
    if (!row) throw conflict(`An organization with id ${body.id} already exists.`, 'id');
    // After the id (a taken id is the first thing to say); a refusal rolls the insert back.
    await assertDomainsFree(tx, body.domain, body.id);
    const created = toOrganization(row);
    await recordAuditEvent(tx, source, {
      action: 'organization.create',
      organizationId: created.id,
      target: { type: 'organization', id: created.id },
      changes: auditChanges('organization', null, created),
    });
    return created;
  });
}

/**
 * Changes what the body names (name, domains, callback URLs, contact, preferences, portal URL, whether a
 * second factor is required), and records it.
 */
export async function updateOrganization(
  db: Database,
  source: AuditSource,
  organizationId: string,
  given: OrganizationUpdate,
) {
  const body = given.domain ? { ...given, domain: normalizeDomains(given.domain) } : given;
  assertValid(editableFieldProblems(body));
  return db.transaction(async (tx) => {
    const current = await getOrganization(tx, organizationId, true);
    if (body.domain) await assertDomainsFree(tx, body.domain, organizationId);
    const row = await updateOrganizationRow(tx, organizationId, {
      name: body.name ?? current.name,
      domain: body.domain ?? current.domain,
      callback_urls: body.callbackUrls ?? current.callback_urls,
      primary_contact: body.primaryContact ?? current.primary_contact,
      preferences: body.preferences ? { ...current.preferences, ...body.preferences } : current.preferences,
      onboarding: withPortalUrl(current.onboarding, portalUrlOf(body)),
      require_mfa: body.requireMfa ?? current.require_mfa,
    });
    const updated = toOrganization(row);
    await recordAuditEvent(tx, source, {
      action: 'organization.update',
      organizationId,
      target: { type: 'organization', id: organizationId },
      changes: auditChanges('organization', toOrganization(current), updated),
    });
    return updated;
  });
}
