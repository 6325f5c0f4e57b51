import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { PROVIDER_BATCH_LIMIT, type Operation } from '@meridian/schema';
import { auditSourceOf, principalOf } from '../http/request.js';
import { authorize } from '../http/access.js';
import { listBody } from '../http/lists.js';
import { BODY_ERRORS, organizationIdParam, responses } from '../contract/common.js';
import {
  providerLinkListBody,
  providerLinkQuery,
  providerLinkRemoval,
  providerLinkUpsert,
  removeAnswerBody,
  upsertAnswerBody,
} from '../contract/provider-links.js';
import { assertFeature } from '../domain/features.js';
import { listProviderLinks, removeLinksAudited, upsertLinksAudited } from '../domain/providers.js';
import type { RouteDeps } from './deps.js';

/**
 * Only system roles learn that an organization does not exist (404); org roles get 403 for any other
 * org, and for their own when it has not licensed managed providers.
 */
const LINK_ERRORS = [401, 403, 404] as const;

export async function providerLinkRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  /** Tenant scope on the target organization, then its license: an operator may look at an unlicensed org. */
  const admit = async (request: FastifyRequest, organizationId: string, operation: Operation) => {
    authorize(principalOf(request), operation, { organizationId });
    await assertFeature(db, organizationId, 'feature:managed-providers', config.productName);
    return organizationId;
  };

  app.get(
    '/organization/:id/provider-links',
    {
      schema: {
        operationId: 'listProviderLinks',
        tags: ['provider links'],
        summary: "An organization's provider aliases or relationships, with each provider (search, sort, paging)",
        params: organizationIdParam,
        querystring: providerLinkQuery,
        response: responses({ 200: providerLinkListBody }, [400, ...LINK_ERRORS]),
      },
    },
    async (request) => {
      const organizationId = await admit(request, request.params.id, 'providerLinks');
      const { data, total } = await listProviderLinks(db, organizationId, request.query);
      return listBody(data, total, request.query);
    },
  );

  app.put(
    '/organization/:id/provider-links',
    {
      // A bad row (a control character in its value) gets its own error; the rest of the batch goes on.
      config: { rowsCheckedAlone: ['links'] },
      schema: {
        operationId: 'upsertProviderLinks',
        tags: ['provider links'],
        summary: `Create or update up to ${PROVIDER_BATCH_LIMIT} provider links of one kind; answers each row`,
        params: organizationIdParam,
        body: providerLinkUpsert,
        response: responses({ 200: upsertAnswerBody }, [...BODY_ERRORS, ...LINK_ERRORS]),
      },
    },
    async (request) => {
      const organizationId = await admit(request, request.params.id, 'upsertProviderLinks');
      const { kind, links } = request.body;
      const subject = principalOf(request).subject;
      return upsertLinksAudited(db, auditSourceOf(request), organizationId, kind, links, subject);
    },
  );

  app.post(
    '/organization/:id/provider-links/remove',
    {
      config: { rowsCheckedAlone: ['npis'] },
      schema: {
        operationId: 'removeProviderLinks',
        tags: ['provider links'],
        summary: `Remove up to ${PROVIDER_BATCH_LIMIT} provider links of one kind; answers each NPI`,
        params: organizationIdParam,
        body: providerLinkRemoval,
        response: responses({ 200: removeAnswerBody }, [...BODY_ERRORS, ...LINK_ERRORS]),
      },
    },
    async (request) => {
      const organizationId = await admit(request, request.params.id, 'removeProviderLinks');
      const { kind, npis } = request.body;
      return removeLinksAudited(db, auditSourceOf(request), organizationId, kind, npis);
    },
  );
}
