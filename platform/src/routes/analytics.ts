import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { principalOf } from '../http/request.js';
import { authorize } from '../http/access.js';
import { responses } from '../contract/common.js';
import { analyticsQuery, analyticsSummaryBody } from '../contract/analytics.js';
import { analyticsSummary } from '../domain/analytics.js';
import type { RouteDeps } from './deps.js';

export async function analyticsRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/analytics/summary',
    {
      schema: {
        operationId: 'getAnalyticsSummary',
        tags: ['analytics'],
        summary: 'Platform usage for operators, in one call',
        querystring: analyticsQuery,
        response: responses({ 200: analyticsSummaryBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'analyticsSummary');
      return analyticsSummary(db, request.query.expiringLimit);
    },
  );
}
