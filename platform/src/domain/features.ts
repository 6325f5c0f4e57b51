import {
  licensedProducts,
  resolveFeature,
  type FeatureDefinition,
  type FeatureKey,
  type ResolvedFeature,
} from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { featureUnavailable } from '../http/access.js';
import { getOrganization } from './organizations.js';

/** The platform's feature catalog. */
export async function featureCatalog(db: Queryable): Promise<FeatureDefinition[]> {
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

/** Product → dependencies, from the (non-PR) catalog. */
export async function catalogDependencies(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ product: string; dependencies: string[] }>(
    'SELECT product, dependencies FROM catalog_products WHERE NOT pr_catalog',
  );
  return new Map(rows.map((row) => [row.product, row.dependencies]));
}

/** Every feature as it resolves for one organization (decisions.md "Feature flags"). */
export async function organizationFeatures(
  db: Queryable,
  organizationId: string,
  productName: string,
): Promise<ResolvedFeature[]> {
  const organization = await getOrganization(db, organizationId);
  const [definitions, dependencies] = await Promise.all([featureCatalog(db), catalogDependencies(db)]);
  const licensed = licensedProducts(organization.licenses.products, dependencies);
  return definitions.map((definition) =>
    resolveFeature(definition, { organizationName: organization.name, productName, licensed }),
  );
}

/** Throws FEATURE_UNAVAILABLE (403, 'Customer has not licensed…') unless the feature is available. */
export async function assertFeature(
  db: Queryable,
  organizationId: string,
  key: FeatureKey,
  productName: string,
): Promise<void> {
  const feature = (await organizationFeatures(db, organizationId, productName)).find((f) => f.key === key);
  if (!feature?.isAvailable) throw featureUnavailable(key);
}
