import { CATALOG_KINDS } from '@meridian/schema';
import { listOf } from './common.js';

const catalogVersion = {
  type: 'string',
  description: 'The catalog’s version; it changes whenever the catalog does.',
} as const;

/** A catalog product: `id` is its product key, repeated for clients that key records by id. */
export const catalogProductBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    product: { type: 'string', description: 'The product key that licenses name.' },
    kind: { type: 'string', enum: [...CATALOG_KINDS] },
    name: { type: 'string' },
    description: { type: 'string' },
    dependencies: { type: 'array', items: { type: 'string' }, description: 'Product keys it licenses with it.' },
    is_license_required: { type: 'boolean' },
    version: catalogVersion,
  },
  required: ['id', 'product', 'kind', 'name', 'description', 'dependencies', 'is_license_required', 'version'],
} as const;

const productExample = {
  id: 'managed_providers',
  product: 'managed_providers',
  kind: 'licensable_field_groups',
  name: 'Managed Providers',
  description: 'Aliases and relationships for your providers.',
  dependencies: ['provider_alias', 'provider_relationship'],
  is_license_required: true,
  version: '2026.11.1',
};

/** The whole selection at once (no paging): the products, how many, and the catalog's version. */
export const catalogProductListBody = {
  description: 'The catalog products of the kinds included, filtered',
  type: 'object',
  additionalProperties: false,
  properties: {
    data: { type: 'array', items: catalogProductBody },
    total: { type: 'integer' },
    version: catalogVersion,
  },
  required: ['data', 'total', 'version'],
  examples: [{ data: [productExample], total: 1, version: '2026.11.1' }],
} as const;

export const catalogVersionBody = {
  type: 'object',
  additionalProperties: false,
  properties: { version: catalogVersion },
  required: ['version'],
  examples: [{ version: '2026.11.1' }],
} as const;

export const customerSegmentBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    active: { type: 'boolean', description: 'Whether new organizations may be put in it.' },
  },
  required: ['id', 'name', 'description', 'active'],
  examples: [
    { id: 'health-plan', name: 'Health Plan', description: 'Payers and managed care organizations.', active: true },
  ],
} as const;

export const customerSegmentListBody = listOf(customerSegmentBody, 'Every customer segment (limit and offset are 0)');

const prCatalog = {
  pr_catalog: { type: 'boolean', default: false, description: "true selects the 'pr-catalog' variant." },
} as const;
const filters = (example: string) =>
  ({ type: 'string', maxLength: 2000, description: `A JSON object, e.g. ${example}.` }) as const;

export const productQuery = {
  type: 'object',
  properties: {
    include: {
      type: 'string',
      maxLength: 500,
      description: `Comma-joined kinds: ${CATALOG_KINDS.join(', ')}.`,
    },
    filters: filters('{"is_license_required":true}; keys is_license_required, kind, product'),
    ...prCatalog,
  },
} as const;

export const versionQuery = { type: 'object', properties: prCatalog } as const;

export const segmentQuery = { type: 'object', properties: { filters: filters('{"active":true}') } } as const;
