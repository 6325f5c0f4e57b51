import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROVIDER_BATCH_LIMIT, validateNpi, type Operation } from '@meridian/schema';
import { principalOf } from '../app.js';
import { authorize } from '../http/access.js';
import { assertValid } from '../http/errors.js';
import { containsPattern, listBody, listQuerySchema, orderBy, page, type ListQuery } from '../http/lists.js';
import { errorResponses, messageBody } from '../contract/common.js';
import { assertFeature } from '../domain/features.js';
import { getProvider, lookupProviders, PROVIDER_COLUMNS, type Provider } from '../domain/providers.js';
import type { RouteDeps } from './deps.js';

const SORTABLE = { npi: 'npi', name: 'lower(name)', specialty: 'specialty', city: 'city', state: 'state', zip: 'zip' };

/** Longer than any NPI, so a malformed one reaches the validator and gets its message. */
export const npiString = { type: 'string', maxLength: 64 } as const;

/** 1 to PROVIDER_BATCH_LIMIT NPIs; more is refused with 400 naming the field. */
export const npiList = { type: 'array', items: npiString, minItems: 1, maxItems: PROVIDER_BATCH_LIMIT } as const;

export const providerSchema = {
  type: 'object',
  properties: {
    npi: { type: 'string' },
    name: { type: 'string' },
    specialty: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    zip: { type: 'string' },
  },
} as const;

export async function providerRoutes(app: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  /** The directory serves callers whose own organization has managed providers available. */
  const admit = async (request: FastifyRequest, operation: Operation) => {
    const principal = principalOf(request);
    authorize(principal, operation);
    await assertFeature(db, principal.organizationId, 'feature:managed-providers', config.productName);
  };

  app.get<{ Params: { npi: string } }>(
    '/providers/:npi',
    {
      schema: {
        tags: ['providers'],
        summary: 'One provider of the directory, by NPI',
        params: { type: 'object', properties: { npi: npiString }, required: ['npi'] },
        response: {
          ...errorResponses,
          200: providerSchema,
          404: { description: 'Not in the directory', ...messageBody },
        },
      },
    },
    async (request) => {
      await admit(request, 'provider');
      const { npi } = request.params;
      assertValid([{ param: 'npi', msg: validateNpi(npi) }]);
      return getProvider(db, npi);
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/providers',
    {
      schema: {
        tags: ['providers'],
        summary: 'Search the provider directory by NPI or name (sort, paging)',
        querystring: { type: 'object', properties: listQuerySchema },
        response: errorResponses,
      },
    },
    async (request) => {
      await admit(request, 'providers');
      const query = request.query;
      const params: unknown[] = [];
      let where = '';
      if (query.search) {
        params.push(containsPattern(query.search));
        // The expression of the trigram index providers_search_idx.
        where = `WHERE (npi || ' ' || lower(name)) LIKE $1`;
      }
      const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM providers ${where}`, params))
        .rows[0]!.n;
      const order = orderBy(query.sort, SORTABLE, 'name', 'npi');
      const { rows } = await db.query<Provider>(
        `SELECT ${PROVIDER_COLUMNS} FROM providers ${where} ${order}${page(query, params)}`,
        params,
      );
      return listBody(rows, total, query);
    },
  );

  app.post<{ Body: { npis: string[] } }>(
    '/providers/lookup',
    {
      schema: {
        tags: ['providers'],
        summary: `Look up to ${PROVIDER_BATCH_LIMIT} NPIs at once: found, missing and invalid`,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['npis'],
          properties: { npis: npiList },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: providerSchema },
              missing: { type: 'array', items: { type: 'string' }, description: 'Valid NPIs not in the directory' },
              invalid: {
                type: 'array',
                items: { type: 'object', properties: { npi: { type: 'string' }, msg: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      await admit(request, 'providers');
      return lookupProviders(db, request.body.npis);
    },
  );
}
