import type { CatalogKind } from '@meridian/schema';
import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestRow } from '../../platform/rest-types.js';

/** A catalog product as GET /catalog/products answers it. */
export type RestCatalogProduct = RestRow<'listProducts'>;

export type RestCustomerSegment = RestRow<'listCustomerSegments'>;

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
  const answer = await platform.get<RestBody<'getProductsVersion'>>('/catalog/products/version', {
    pr_catalog: prCatalog,
  });
  return answer.version;
}

export async function customerSegments(
  platform: PlatformClient,
  filters: { active?: boolean },
): Promise<RestCustomerSegment[]> {
  return (await platform.list<RestCustomerSegment>('/catalog/customer-segments', { filters: filtersParam(filters) }))
    .rows;
}
