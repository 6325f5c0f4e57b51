import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { Licenses } from '@meridian/schema';
import { auditSourceOf, principalOf } from '../app.js';
import { auditChanges, recordAuditEvent } from '../domain/audit.js';
import type { Queryable } from '../db/database.js';
import { authorize } from '../http/access.js';
import { HttpError, validationError } from '../http/errors.js';
import { BODY_ERRORS, organizationIdQuery, responses } from '../contract/common.js';
import { licensesUpdate, organizationBody, type LicensesPatch } from '../contract/organizations.js';
import {
  getOrganization,
  licenseUsage,
  toOrganization,
  withUsage,
  type OrganizationRow,
} from '../domain/organizations.js';
import type { RouteDeps } from './deps.js';

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
  const { rows } = await db.query<{ product: string }>(
    'SELECT product FROM catalog_products WHERE NOT pr_catalog AND product = ANY($1)',
    [keys],
  );
  const known = new Set(rows.map((row) => row.product));
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
  if (problems.length > 0) throw new HttpError(409, { conflicts: problems.map((message) => ({ message })) });
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

export async function licenseRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.put(
    '/licenses',
    {
      schema: {
        operationId: 'updateLicenses',
        tags: ['organizations'],
        summary: "Change an organization's licenses (only what the body names; usage keys are read-only)",
        querystring: organizationIdQuery,
        body: licensesUpdate,
        response: responses(
          { 200: { ...organizationBody, description: 'The organization, its licenses with usage' } },
          [...BODY_ERRORS, 401, 403, 404, 409],
        ),
      },
    },
    async (request) => {
      const { organizationId } = request.query;
      authorize(principalOf(request), 'updateLicenses', { organizationId });
      return db.transaction(async (tx) => {
        const organization = await getOrganization(tx, organizationId, true);
        const licenses = await licensesAfter(tx, organization, request.body.licenses);
        const { rows } = await tx.query<OrganizationRow>(
          'UPDATE organizations SET licenses = $2, updated_at = now() WHERE id = $1 RETURNING *',
          [organizationId, licenses],
        );
        await recordAuditEvent(tx, auditSourceOf(request), {
          action: 'licenses.update',
          organizationId,
          target: { type: 'organization', id: organizationId },
          changes: auditChanges('organization', toOrganization(organization), toOrganization(rows[0]!)),
        });
        const usage = (await licenseUsage(tx, [organizationId])).get(organizationId)!;
        return { ...toOrganization(rows[0]!), licenses: withUsage(licenses, usage) };
      });
    },
  );
}
