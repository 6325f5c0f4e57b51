import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { ORGANIZATION_SORT_KEYS } from '@meridian/schema';
import { auditSourceOf, principalOf } from '../http/request.js';
import { authorize } from '../http/access.js';
import { BODY_ERRORS, listQueryOf, organizationIdParam, organizationIdQuery, responses } from '../contract/common.js';
import { listBody } from '../http/lists.js';
import {
  includeQuery,
  organizationCreate,
  organizationFilters,
  organizationListBody,
  organizationUpdate,
  organizationWithJobsBody,
  organizationBody,
} from '../contract/organizations.js';
import {
  createOrganization,
  listOrganizations,
  organizationDetail,
  updateOrganization,
} from '../domain/organizations.js';
import type { RouteDeps } from './deps.js';

export async function organizationRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/organization',
    {
      schema: {
        operationId: 'listOrganizations',
        tags: ['organizations'],
        summary: 'List organizations (search, filters, sort, paging)',
        querystring: {
          type: 'object',
          properties: { ...listQueryOf(ORGANIZATION_SORT_KEYS), ...includeQuery, ...organizationFilters },
        },
        response: responses({ 200: organizationListBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'organizations');
      const { data, total } = await listOrganizations(db, request.query);
      return listBody(data, total, request.query);
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
      return organizationDetail(db, request.params.id, request.query.include);
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
      const organization = await createOrganization(db, auditSourceOf(request), request.body);
      return reply.status(201).send(organization);
    },
  );

  app.put(
    '/organization',
    {
      schema: {
        operationId: 'updateOrganization',
        tags: ['organizations'],
        summary:
          'Update an organization (name, domains, callback URLs, contact, preferences, portal URL, second factor required)',
        querystring: organizationIdQuery,
        body: organizationUpdate,
        response: responses({ 200: organizationBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const { organizationId } = request.query;
      authorize(principalOf(request), 'updateOrganization', { organizationId });
      return updateOrganization(db, auditSourceOf(request), organizationId, request.body);
    },
  );
}
