import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { principalOf } from '../app.js';
import { authorize } from '../http/access.js';
import { organizationIdParam, responses } from '../contract/common.js';
import { featureListBody } from '../contract/features.js';
import { organizationFeatures } from '../domain/features.js';
import type { RouteDeps } from './deps.js';

export async function featureRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/organization/:id/features',
    {
      schema: {
        operationId: 'getFeatures',
        tags: ['organizations'],
        summary: 'Feature flags as they resolve for the organization (stage available and licensed)',
        params: organizationIdParam,
        response: responses({ 200: featureListBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'features', { organizationId: request.params.id });
      return { data: await organizationFeatures(db, request.params.id, config.productName) };
    },
  );
}
