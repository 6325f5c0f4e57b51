import type { CatalogKind } from '@meridian/schema';
import type { PlatformClient } from '../../platform/client-types.js';

/** A catalog product as GET /catalog/products answers it. */
export interface RestCatalogProduct {
  id: string;
  product: string;
  kind: CatalogKind;
  name: string;
  description: string;
  dependencies: string[];
  is_license_required: boolean;
  version: string;
}

export interface RestCustomerSegment {
  id: string;
  name: string;
  description: string;
  active: boolean;
}

/** The catalog's filters travel as one JSON query parameter. */
const filtersParam = (filters: Record<string, unknown>) =>
  Object.keys(filters).length > 0 ? JSON.stringify(filters) : undefined;

export interface ProductQuery {
  kinds?: readonly CatalogKind[];
  filters: { is_license_required?: boolean; kind?: CatalogKind; product?: string };
  prCatalog: boolean;
}

export async function catalogProducts(platform: PlatformClient, query: ProductQuery): Promise<RestCatalogProduct[]> {
  const list = await platform.list<RestCatalogProduct>('/catalog/products', {
    include: query.kinds && query.kinds.length > 0 ? query.kinds.join(',') : undefined,
    filters: filtersParam(query.filters),
    pr_catalog: query.prCatalog,
  });
  return list.rows;
}

export async function catalogVersion(platform: PlatformClient, prCatalog: boolean): Promise<string> {
  return (await platform.get<{ version: string }>('/catalog/products/version', { pr_catalog: prCatalog })).version;
}

export async function customerSegments(
  platform: PlatformClient,
  filters: { active?: boolean },
): Promise<RestCustomerSegment[]> {
  return (await platform.list<RestCustomerSegment>('/catalog/customer-segments', { filters: filtersParam(filters) }))
    .rows;
}
