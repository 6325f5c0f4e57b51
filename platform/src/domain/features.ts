import { licensedProducts, resolveFeature, type FeatureKey, type ResolvedFeature } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { catalogDependencies, selectFeatures } from '../stores/catalog.js';
import { featureUnavailable } from './errors.js';
import { getOrganization } from './organizations.js';

/** Every feature as it resolves for one organization (decisions.md "Feature flags"). */
export async function organizationFeatures(
  db: Queryable,
  organizationId: string,
  productName: string,
): Promise<ResolvedFeature[]> {
  const organization = await getOrganization(db, organizationId);
  const [definitions, dependencies] = await Promise.all([selectFeatures(db), catalogDependencies(db)]);
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
