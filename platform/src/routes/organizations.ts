import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  CONTACT_NAME_REQUIRED_MESSAGE,
  defaultLicenses,
  firstProblem,
  validateCallbackUrl,
  validateStateCode,
  validateWebAddress,
  validateDomain,
  validateEmail,
  validateName,
  validateOrganizationId,
  type Licenses,
} from '@meridian/schema';
import { auditSourceOf, principalOf } from '../http/request.js';
import { auditChanges, recordAuditEvent } from '../domain/audit.js';
import { authorize } from '../http/access.js';
import { assertValid, conflict } from '../http/errors.js';
import { listBody, listQuerySchema, orderBy, page, searchTextMatches } from '../http/lists.js';
import { BODY_ERRORS, organizationIdParam, organizationIdQuery, responses } from '../contract/common.js';
import {
  includeQuery,
  organizationCreate,
  organizationFilters,
  organizationListBody,
  organizationUpdate,
  organizationWithJobsBody,
  organizationBody,
  type OrganizationUpdate,
} from '../contract/organizations.js';
import { jobsView, loadJobs, refreshJobs } from '../domain/jobs.js';
import {
  getOrganization,
  licenseUsage,
  toOrganization,
  withUsage,
  type OrganizationRow,
} from '../domain/organizations.js';
import type { RouteDeps } from './deps.js';

const SORTABLE = {
  id: 'id',
  name: 'lower(name)',
  status: 'status',
  customer_segment: 'customer_segment',
  createdAt: 'created_at',
};

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

function wantsUsage(include: string | undefined): boolean {
  return (include ?? '').split(',').includes('licenses_used');
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

export async function organizationRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/organization',
    {
      schema: {
        operationId: 'listOrganizations',
        tags: ['organizations'],
        summary: 'List organizations (search, filters, sort, paging)',
        querystring: { type: 'object', properties: { ...listQuerySchema, ...includeQuery, ...organizationFilters } },
        response: responses({ 200: organizationListBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'organizations');
      // Lifecycle jobs advance with time: bring their states up to now before reading statuses.
      await db.transaction((tx) => refreshJobs(tx));
      const query = request.query;
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
      const rows = (
        await db.query<OrganizationRow>(`SELECT * FROM organizations ${where} ${order}${page(query, params)}`, params)
      ).rows;
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
      return listBody(data, total, query);
    },
  );

  app.get(
    '/organization/:id',
    {
      schema: {
        operationId: 'getOrganization',
        tags: ['organizations'],
        summary: 'One organization, with its lifecycle jobs',
        params: organizationIdParam,
        querystring: { type: 'object', properties: includeQuery },
        response: responses({ 200: organizationWithJobsBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'organization', { organizationId: request.params.id });
      await db.transaction((tx) => refreshJobs(tx, request.params.id));
      const row = await getOrganization(db, request.params.id);
      const organization = { ...toOrganization(row), jobs: jobsView(await loadJobs(db, row.id)) };
      if (!wantsUsage(request.query.include)) return organization;
      const usage = (await licenseUsage(db, [row.id])).get(row.id)!;
      return { ...organization, licenses: withUsage(row.licenses, usage) };
    },
  );

  app.post(
    '/organization',
    {
      schema: {
        operationId: 'createOrganization',
        tags: ['organizations'],
        summary: 'Create an organization',
        body: organizationCreate,
        response: responses({ 201: { ...organizationBody, description: 'The organization created' } }, [
          ...BODY_ERRORS,
          401,
          403,
          409,
        ]),
      },
    },
    async (request, reply) => {
      authorize(principalOf(request), 'createOrganization');
      const body = request.body;
      const segment = (await db.query('SELECT 1 FROM customer_segments WHERE id = $1', [body.customer_segment]))
        .rows[0];
      assertValid([
        { param: 'id', msg: validateOrganizationId(body.id) },
        ...editableFieldProblems(body),
        {
          param: 'customer_segment',
          msg: segment ? null : `Customer segment ${body.customer_segment} does not exist.`,
        },
      ]);
      const defaults = defaultLicenses();
      const licenses: Licenses = {
        ...defaults,
        ...body.licenses,
        tableau_user_licenses: { ...defaults.tableau_user_licenses, ...body.licenses?.tableau_user_licenses },
      };
      const organization = await db.transaction(async (tx) => {
        const { rows } = await tx.query<OrganizationRow>(
          `INSERT INTO organizations (id, name, domain, callback_urls, primary_contact, licenses, customer_segment, medicare_licensed)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING *`,
          [
            body.id,
            body.name,
            body.domain,
            body.callbackUrls ?? [],
            body.primaryContact,
            licenses,
            body.customer_segment,
            body.medicare_licensed,
          ],
        );
        if (!rows[0]) throw conflict(`An organization with id ${body.id} already exists.`, 'id');
        const created = toOrganization(rows[0]);
        await recordAuditEvent(tx, auditSourceOf(request), {
          action: 'organization.create',
          organizationId: created.id,
          target: { type: 'organization', id: created.id },
          changes: auditChanges('organization', null, created),
        });
        return created;
      });
      return reply.status(201).send(organization);
    },
  );

  app.put(
    '/organization',
    {
      schema: {
        operationId: 'updateOrganization',
        tags: ['organizations'],
        summary: 'Update an organization (name, domains, callback URLs, contact, preferences, portal URL)',
        querystring: organizationIdQuery,
        body: organizationUpdate,
        response: responses({ 200: organizationBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const { organizationId } = request.query;
      authorize(principalOf(request), 'updateOrganization', { organizationId });
      const body = request.body;
      assertValid(editableFieldProblems(body));
      return db.transaction(async (tx) => {
        const current = await getOrganization(tx, organizationId, true);
        const { rows } = await tx.query<OrganizationRow>(
          `UPDATE organizations SET name = $2, domain = $3, callback_urls = $4, primary_contact = $5, preferences = $6,
                  onboarding = $7, updated_at = now() WHERE id = $1 RETURNING *`,
          [
            organizationId,
            body.name ?? current.name,
            body.domain ?? current.domain,
            body.callbackUrls ?? current.callback_urls,
            body.primaryContact ?? current.primary_contact,
            body.preferences ? { ...current.preferences, ...body.preferences } : current.preferences,
            withPortalUrl(current.onboarding, portalUrlOf(body)),
          ],
        );
        const updated = toOrganization(rows[0]!);
        await recordAuditEvent(tx, auditSourceOf(request), {
          action: 'organization.update',
          organizationId,
          target: { type: 'organization', id: organizationId },
          changes: auditChanges('organization', toOrganization(current), updated),
        });
        return updated;
      });
    },
  );
}
