import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { CATALOG_KINDS, type CatalogKind } from '@meridian/schema';
import { principalOf } from '../app.js';
import { authorize } from '../http/access.js';
import { validationError } from '../http/errors.js';
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
import type { RouteDeps } from './deps.js';

/** How a filter key's value must look: a boolean, or one of some strings, or any string. */
type FilterType = 'boolean' | 'string' | readonly string[];
type Filters = Record<string, boolean | string>;

const PRODUCT_FILTERS: Record<string, FilterType> = {
  is_license_required: 'boolean',
  kind: CATALOG_KINDS,
  product: 'string',
};
const SEGMENT_FILTERS: Record<string, FilterType> = { active: 'boolean' };

const filterError = (msg: string) => validationError([{ param: 'filters', msg }]);

/** Parses the `filters` query parameter: a JSON object whose keys and values the route knows. */
export function parseFilters(raw: string | undefined, allowed: Record<string, FilterType>): Filters {
  if (raw === undefined || raw === '') return {};
  const example = `such as {"${Object.keys(allowed)[0]}":true}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw filterError(`Filters must be a JSON object, ${example}.`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw filterError(`Filters must be a JSON object, ${example}.`);
  for (const [key, value] of Object.entries(parsed)) {
    const type = allowed[key];
    if (type === undefined)
      throw filterError(`Cannot filter by ${key}. Filter by one of: ${Object.keys(allowed).join(', ')}.`);
    if (type === 'boolean' && typeof value !== 'boolean') throw filterError(`The ${key} filter must be true or false.`);
    if (type === 'string' && typeof value !== 'string') throw filterError(`The ${key} filter must be a string.`);
    if (Array.isArray(type) && !type.includes(value as string))
      throw filterError(`The ${key} filter must be one of: ${type.join(', ')}.`);
  }
  return parsed as Filters;
}

/** The kinds `include` names (comma-joined); all kinds when it is absent. */
function parseInclude(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...CATALOG_KINDS];
  const kinds = raw
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
  const unknown = kinds.filter((kind) => !(CATALOG_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) {
    throw validationError([
      {
        param: 'include',
        msg: `Unknown product kind ${unknown.join(', ')}. Include any of: ${CATALOG_KINDS.join(', ')}.`,
      },
    ]);
  }
  return kinds;
}

interface ProductRow {
  product: string;
  kind: CatalogKind;
  name: string;
  description: string;
  dependencies: string[];
  is_license_required: boolean;
}

async function catalogVersion(db: RouteDeps['db'], prCatalog: boolean): Promise<string> {
  const { rows } = await db.query<{ version: string }>('SELECT version FROM catalog_versions WHERE pr_catalog = $1', [
    prCatalog,
  ]);
  return rows[0]?.version ?? '0';
}

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
      const kinds = parseInclude(request.query.include);
      const filters = parseFilters(request.query.filters, PRODUCT_FILTERS);
      const params: unknown[] = [request.query.pr_catalog, kinds];
      const conditions = ['pr_catalog = $1', 'kind = ANY($2)'];
      for (const key of Object.keys(PRODUCT_FILTERS)) {
        if (!(key in filters)) continue;
        params.push(filters[key]);
        conditions.push(`${key} = $${params.length}`);
      }
      const { rows } = await db.query<ProductRow>(
        `SELECT product, kind, name, description, dependencies, is_license_required
           FROM catalog_products WHERE ${conditions.join(' AND ')} ORDER BY product`,
        params,
      );
      const version = await catalogVersion(db, request.query.pr_catalog);
      const data = rows.map((row) => ({ id: row.product, ...row, version }));
      return { data, total: data.length, version };
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
      const filters = parseFilters(request.query.filters, SEGMENT_FILTERS);
      const params: unknown[] = [];
      let where = '';
      if ('active' in filters) {
        params.push(filters.active);
        where = `WHERE COALESCE((attributes->>'active')::boolean, true) = $1`;
      }
      const { rows } = await db.query<{ id: string; name: string; description: string; active: boolean }>(
        `SELECT id, name, description, COALESCE((attributes->>'active')::boolean, true) AS active
           FROM customer_segments ${where} ORDER BY name`,
        params,
      );
      return listBody(rows, rows.length, { limit: 0, offset: 0 });
    },
  );
}
