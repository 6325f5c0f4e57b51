/** Feature flags (decisions.md "Feature flags"). */
export const FEATURE_KEYS = ['feature:data-access-management', 'feature:managed-providers'] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export const RELEASE_STAGES = ['beta', 'general-availability'] as const;
export type ReleaseStage = (typeof RELEASE_STAGES)[number];

/** A feature as the platform's feature catalog defines it. */
export interface FeatureDefinition {
  key: FeatureKey;
  description: string;
  entity: 'organization';
  stage: ReleaseStage;
  requiresLicense: boolean;
  /** Products that the organization's license (with dependencies) must include. */
  licenseProducts: readonly string[];
}

export const DEFAULT_FEATURES: readonly FeatureDefinition[] = [
  {
    key: 'feature:data-access-management',
    description: 'Users with direct data access create and disable their own data-access credentials.',
    entity: 'organization',
    stage: 'general-availability',
    requiresLicense: false,
    licenseProducts: [],
  },
  {
    key: 'feature:managed-providers',
    description: 'Organization staff manage provider aliases and relationships, keyed by NPI.',
    entity: 'organization',
    stage: 'general-availability',
    requiresLicense: true,
    licenseProducts: ['provider_alias', 'provider_relationship'],
  },
];

/** The operators' organization (named like the product) gets BETA features too; others GA only. */
export function availableStages(organizationName: string, productName: string): ReleaseStage[] {
  return organizationName === productName ? ['beta', 'general-availability'] : ['general-availability'];
}

/**
 * The enabled products of a license together with every dependency of an enabled product,
 * transitively. `dependencies` maps a product key to the keys it depends on (from the catalog).
 */
export function licensedProducts(
  products: Readonly<Record<string, { enabled?: boolean } | undefined>>,
  dependencies: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const result = new Set<string>();
  const pending = Object.entries(products)
    .filter(([, entry]) => entry?.enabled === true)
    .map(([key]) => key);
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (result.has(key)) continue;
    result.add(key);
    pending.push(...(dependencies.get(key) ?? []));
  }
  return result;
}

export interface ResolvedFeature {
  key: FeatureKey;
  description: string;
  entity: 'organization';
  stage: ReleaseStage;
  requiresLicense: boolean;
  /** The license includes what the feature needs (always true when no license is required). */
  isLicensed: boolean;
  /** Stage available to the organization and licensed: the feature may be used. */
  isAvailable: boolean;
}

export interface FeatureContext {
  organizationName: string;
  productName: string;
  licensed: ReadonlySet<string>;
}

export function resolveFeature(definition: FeatureDefinition, context: FeatureContext): ResolvedFeature {
  const stageAvailable = availableStages(context.organizationName, context.productName).includes(definition.stage);
  const isLicensed =
    !definition.requiresLicense || definition.licenseProducts.every((product) => context.licensed.has(product));
  return {
    key: definition.key,
    description: definition.description,
    entity: definition.entity,
    stage: definition.stage,
    requiresLicense: definition.requiresLicense,
    isLicensed,
    isAvailable: stageAvailable && isLicensed,
  };
}
