import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { auditSourceOf, principalOf } from '../http/request.js';
import { authorize } from '../http/access.js';
import { BODY_ERRORS, organizationIdQuery, responses } from '../contract/common.js';
import { licensesUpdate, organizationBody } from '../contract/organizations.js';
import { updateLicenses } from '../domain/licenses.js';
import type { RouteDeps } from './deps.js';

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
      return updateLicenses(db, auditSourceOf(request), organizationId, request.body.licenses);
    },
  );
}
