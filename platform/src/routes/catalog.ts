import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { principalOf } from '../http/request.js';
import { authorize } from '../http/access.js';
import { listBody } from '../http/lists.js';
import { responses } from '../contract/common.js';
import {
  catalogProductListBody,
  catalogVersionBody,
  customerSegmentListBody,
  productQuery,
  segmentQuery,
  versionQuery,
} from '../contract/catalog.js';
import { catalogVersion, listCustomerSegments, listProducts } from '../domain/catalog.js';
import type { RouteDeps } from './deps.js';

export async function catalogRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/catalog/products',
    {
      schema: {
        operationId: 'listProducts',
        tags: ['catalog'],
        summary: 'Catalog products of the kinds included, filtered',
        querystring: productQuery,
        response: responses({ 200: catalogProductListBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'catalogProducts');
      return listProducts(db, request.query);
    },
  );

  app.get(
    '/catalog/products/version',
    {
      schema: {
        operationId: 'getProductsVersion',
        tags: ['catalog'],
        summary: 'Version of the catalog (the console refetches the catalog when it changes)',
        querystring: versionQuery,
        response: responses({ 200: catalogVersionBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'catalogVersion');
      return { version: await catalogVersion(db, request.query.pr_catalog) };
    },
  );

  app.get(
    '/catalog/customer-segments',
    {
      schema: {
        operationId: 'listCustomerSegments',
        tags: ['catalog'],
        summary: 'Customer segments',
        querystring: segmentQuery,
        response: responses({ 200: customerSegmentListBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'customerSegments');
      const rows = await listCustomerSegments(db, request.query.filters);
      return listBody(rows, rows.length, { limit: 0, offset: 0 });
    },
  );
}
