import type { CatalogKind } from '@meridian/schema';
import type { PlatformClient } from '../../platform/client-types.js';
import type { RestRow } from '../../platform/rest-types.js';
import { listOf } from '../common/platform.js';

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
  const answer = await platform.call('listProducts', {
    query: {
      include: query.kinds && query.kinds.length > 0 ? query.kinds.join(',') : undefined,
      filters: filtersParam(query.filters),
      pr_catalog: query.prCatalog,
    },
  });
  return listOf(answer).rows;
}

export async function catalogVersion(platform: PlatformClient, prCatalog: boolean): Promise<string> {
  const answer = await platform.call('getProductsVersion', { query: { pr_catalog: prCatalog } });
  return answer.version;
}

export async function customerSegments(
  platform: PlatformClient,
  filters: { active?: boolean },
): Promise<RestCustomerSegment[]> {
  return listOf(await platform.call('listCustomerSegments', { query: { filters: filtersParam(filters) } })).rows;
}
