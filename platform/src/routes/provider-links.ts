import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { PROVIDER_BATCH_LIMIT, type Operation, type ProviderLinkKind } from '@meridian/schema';
import { auditSourceOf, principalOf } from '../app.js';
import type { Queryable } from '../db/database.js';
import { recordAuditEvent, type AuditSource } from '../domain/audit.js';
import { authorize } from '../http/access.js';
import { containsPattern, listBody, orderBy, page } from '../http/lists.js';
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
import {
  removeProviderLinks,
  summarize,
  upsertProviderLinks,
  type LinkChange,
  type Provider,
} from '../domain/providers.js';
import type { RouteDeps } from './deps.js';

/** Every column of the console's table sorts (place as shown: "City, ST"). */
const SORTABLE = {
  npi: 'l.npi',
  value: 'lower(l.value)',
  updatedAt: 'l.updated_at',
  updatedBy: 'lower(l.updated_by)',
  name: 'lower(p.name)',
  specialty: 'lower(p.specialty)',
  place: "lower(p.city || ', ' || p.state)",
};

/**
 * Only system roles learn that an organization does not exist (404); org roles get 403 for any other
 * org, and for their own when it has not licensed managed providers.
 */
const LINK_ERRORS = [401, 403, 404] as const;

interface LinkRow {
  npi: string;
  kind: ProviderLinkKind;
  value: string;
  updated_at: Date;
  updated_by: string;
  provider: Omit<Provider, 'npi'>;
}

/**
 * One event for a bulk call: its counts in `details`, each link written or removed as a change named by
 * its NPI. A call naming one NPI targets that provider; a larger one the batch.
 */
async function auditLinks(
  tx: Queryable,
  source: AuditSource,
  action: 'provider-links.upsert' | 'provider-links.remove',
  organizationId: string,
  request: { kind: ProviderLinkKind; npis: readonly string[] },
  changes: LinkChange[],
  summary: Record<string, number>,
): Promise<void> {
  const single = new Set(request.npis).size === 1;
  await recordAuditEvent(tx, source, {
    action,
    organizationId,
    target: single ? { type: 'provider', id: request.npis[0]! } : { type: 'provider-batch', id: null },
    changes: changes.map(({ npi, before, after }) => ({ field: npi, before, after })),
    details: { kind: request.kind, rows: request.npis.length, ...summary },
  });
}

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
      const query = request.query;
      const params: unknown[] = [organizationId];
      let where = 'WHERE l.organization_id = $1';
      if (query.kind) {
        params.push(query.kind);
        where += ` AND l.kind = $${params.length}`;
      }
      if (query.search) {
        params.push(containsPattern(query.search));
        where += ` AND (l.npi || ' ' || lower(l.value) || ' ' || lower(p.name)) LIKE $${params.length}`;
      }
      const from = 'FROM provider_links l JOIN providers p ON p.npi = l.npi';
      const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${where}`, params)).rows[0]!.n;
      // The tie-breaker keeps paging stable when both kinds are listed (an NPI may have one of each).
      const order = orderBy(query.sort, SORTABLE, 'npi', 'l.kind, l.npi');
      const { rows } = await db.query<LinkRow>(
        `SELECT l.npi, l.kind, l.value, l.updated_at, l.updated_by,
                json_build_object('name', p.name, 'specialty', p.specialty, 'city', p.city, 'state', p.state, 'zip', p.zip) AS provider
         ${from} ${where} ${order}${page(query, params)}`,
        params,
      );
      const data = rows.map((row) => ({
        npi: row.npi,
        kind: row.kind,
        value: row.value,
        updatedAt: row.updated_at.toISOString(),
        updatedBy: row.updated_by,
        provider: row.provider,
      }));
      return listBody(data, total, query);
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
      return db.transaction(async (tx) => {
        const { results, changes } = await upsertProviderLinks(tx, organizationId, kind, links, subject);
        const summary = summarize(results, { created: 'created', updated: 'updated', unchanged: 'unchanged' });
        const npis = links.map((link) => link.npi);
        await auditLinks(
          tx,
          auditSourceOf(request),
          'provider-links.upsert',
          organizationId,
          { kind, npis },
          changes,
          summary,
        );
        return { results, summary };
      });
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
      return db.transaction(async (tx) => {
        const { results, changes } = await removeProviderLinks(tx, organizationId, kind, npis);
        const summary = summarize(results, { removed: 'removed', not_found: 'notFound' });
        await auditLinks(
          tx,
          auditSourceOf(request),
          'provider-links.remove',
          organizationId,
          { kind, npis },
          changes,
          summary,
        );
        return { results, summary };
      });
    },
  );
}
