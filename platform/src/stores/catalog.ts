import type { CatalogKind, FeatureDefinition, FeatureKey } from '@meridian/schema';
import type { Queryable } from '../db/database.js';

export interface ProductRow {
  product: string;
  kind: CatalogKind;
  name: string;
  description: string;
  dependencies: string[];
  is_license_required: boolean;
}

/** Column filters a product list may name (catalog service checks their keys and values). */
export type ProductFilters = Partial<Record<'is_license_required' | 'kind' | 'product', boolean | string>>;

/** Products of the PR catalog or the other, of the kinds given, matching every filter, by product key. */
export async function selectProducts(
  db: Queryable,
  prCatalog: boolean,
  kinds: string[],
  filters: ProductFilters,
): Promise<ProductRow[]> {
  const params: unknown[] = [prCatalog, kinds];
  const conditions = ['pr_catalog = $1', 'kind = ANY($2)'];
  for (const key of ['is_license_required', 'kind', 'product'] as const) {
    if (!(key in filters)) continue;
    params.push(filters[key]);
    conditions.push(`${key} = $${params.length}`);
  }
  const { rows } = await db.query<ProductRow>(
    `SELECT product, kind, name, description, dependencies, is_license_required
       FROM catalog_products WHERE ${conditions.join(' AND ')} ORDER BY product`,
    params,
  );
  return rows;
}

/** The catalog's version ('0' before any is stored). */
export async function selectCatalogVersion(db: Queryable, prCatalog: boolean): Promise<string> {
  const { rows } = await db.query<{ version: string }>('SELECT version FROM catalog_versions WHERE pr_catalog = $1', [
    prCatalog,
  ]);
  return rows[0]?.version ?? '0';
}

/** Product keys among `keys` that the (non-PR) catalog holds. */
export async function knownProducts(db: Queryable, keys: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ product: string }>(
    'SELECT product FROM catalog_products WHERE NOT pr_catalog AND product = ANY($1)',
    [keys],
  );
  return new Set(rows.map((row) => row.product));
}

/** Product → dependencies, from the (non-PR) catalog. */
export async function catalogDependencies(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ product: string; dependencies: string[] }>(
    'SELECT product, dependencies FROM catalog_products WHERE NOT pr_catalog',
  );
  return new Map(rows.map((row) => [row.product, row.dependencies]));
}

export interface SegmentRow {
  id: string;
  name: string;
  description: string;
  active: boolean;
}

/** Customer segments by name; only those whose active flag is `active` when it is given. */
export async function selectCustomerSegments(db: Queryable, active?: boolean): Promise<SegmentRow[]> {
  const params: unknown[] = [];
  let where = '';
  if (active !== undefined) {
    params.push(active);
    where = `WHERE COALESCE((attributes->>'active')::boolean, true) = $1`;
  }
  const { rows } = await db.query<SegmentRow>(
    `SELECT id, name, description, COALESCE((attributes->>'active')::boolean, true) AS active
       FROM customer_segments ${where} ORDER BY name`,
    params,
  );
  return rows;
}

export async function customerSegmentExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM customer_segments WHERE id = $1', [id])).rows.length > 0;
}

/** The platform's feature catalog. */
export async function selectFeatures(db: Queryable): Promise<FeatureDefinition[]> {
  const { rows } = await db.query<{
    key: FeatureKey;
    description: string;
    stage: FeatureDefinition['stage'];
    requires_license: boolean;
    license_products: string[];
  }>('SELECT key, description, stage, requires_license, license_products FROM features ORDER BY key');
  return rows.map((row) => ({
    key: row.key,
    description: row.description,
    entity: 'organization',
    stage: row.stage,
    requiresLicense: row.requires_license,
    licenseProducts: row.license_products,
  }));
}
