import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { PROVIDER_BATCH_LIMIT, PROVIDER_SORT_KEYS, validateNpi, type Operation } from '@meridian/schema';
import { principalOf } from '../http/request.js';
import { authorize } from '../http/access.js';
import { assertValid } from '../http/errors.js';
import { BODY_ERRORS, listQueryOf, responses } from '../contract/common.js';
import { listBody } from '../http/lists.js';
import { npiParam, providerBody, providerListBody, providerLookup, providerLookupBody } from '../contract/providers.js';
import { assertFeature } from '../domain/features.js';
import { getProvider, listProviders, lookupProviders } from '../domain/providers.js';
import type { RouteDeps } from './deps.js';

export async function providerRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  /** The directory serves callers whose own organization has managed providers available. */
  const admit = async (request: FastifyRequest, operation: Operation) => {
    const principal = principalOf(request);
    authorize(principal, operation);
    await assertFeature(db, principal.organizationId, 'feature:managed-providers', config.productName);
  };

  app.get(
    '/providers/:npi',
    {
      schema: {
        operationId: 'getProvider',
        tags: ['providers'],
        summary: 'One provider of the directory, by NPI',
        params: npiParam,
        response: responses({ 200: providerBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await admit(request, 'provider');
      const { npi } = request.params;
      assertValid([{ param: 'npi', msg: validateNpi(npi) }]);
      return getProvider(db, npi);
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        operationId: 'listProviders',
        tags: ['providers'],
        summary: 'Search the provider directory by NPI or name (sort, paging)',
        querystring: { type: 'object', properties: listQueryOf(PROVIDER_SORT_KEYS) },
        response: responses({ 200: providerListBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      await admit(request, 'providers');
      const { rows, total } = await listProviders(db, request.query);
      return listBody(rows, total, request.query);
    },
  );

  app.post(
    '/providers/lookup',
    {
      schema: {
        operationId: 'lookupProviders',
        tags: ['providers'],
        summary: `Look up to ${PROVIDER_BATCH_LIMIT} NPIs at once: found, missing and invalid`,
        body: providerLookup,
        response: responses({ 200: providerLookupBody }, [...BODY_ERRORS, 401, 403]),
      },
    },
    async (request) => {
      await admit(request, 'providers');
      return lookupProviders(db, request.body.npis);
    },
  );
}
