import type { FastifyInstance } from 'fastify';
import { principalOf } from '../app.js';
import { authorize } from '../http/access.js';
import { errorResponses, organizationIdParam } from '../contract/common.js';
import { organizationFeatures } from '../domain/features.js';
import type { RouteDeps } from './deps.js';

export async function featureRoutes(app: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/organization/:id/features',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Feature flags as they resolve for the organization (stage available and licensed)',
        params: organizationIdParam,
        response: errorResponses,
      },
    },
    async (request) => {
      authorize(principalOf(request), 'features', { organizationId: request.params.id });
      return { data: await organizationFeatures(db, request.params.id, config.productName) };
    },
  );
}
