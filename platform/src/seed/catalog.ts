import { DEFAULT_FEATURES, type CatalogKind } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { insertCatalogProduct, insertCatalogVersions, insertCustomerSegment, insertFeature } from '../stores/seed.js';

type Kind = CatalogKind;

interface CatalogProduct {
  product: string;
  kind: Kind;
  name: string;
  description: string;
  dependencies: string[];
  isLicenseRequired: boolean;
}

const p = (
  product: string,
  kind: Kind,
  name: string,
  description: string,
  dependencies: string[] = [],
  isLicenseRequired = true,
): CatalogProduct => ({
  product,
  kind,
  name,
  description,
  dependencies,
  isLicenseRequired,
});

/** The catalog of licensable data products. `managed_providers` brings alias and relationship along. */
export const CATALOG: CatalogProduct[] = [
  p('market_intelligence', 'bi', 'Market Intelligence', 'Dashboards of market share, growth and competition.', [
    'claims_data',
  ]),
  p(
    'provider_intelligence',
    'bi',
    'Provider Intelligence',
    'Dashboards of provider performance and referral patterns.',
    ['provider_data', 'claims_data'],
  ),
  p(
    'population_intelligence',
    'bi',
    'Population Intelligence',
    'Dashboards of population health, risk and utilization.',
    ['claims_data'],
  ),
  p('risk_adjustment_model', 'models', 'Risk Adjustment Model', 'Predicted risk scores per member.', ['claims_data']),
  p('referral_model', 'models', 'Referral Leakage Model', 'Predicted out-of-network referrals.', [
    'provider_data',
    'claims_data',
  ]),
  p('claims_data', 'data', 'Claims Data', 'De-identified medical and pharmacy claims.'),
  p('provider_data', 'data', 'Provider Data', 'Provider directory with specialties and affiliations.'),
  p('pharmacy_data', 'data', 'Pharmacy Data', 'Prescription fills and formularies.'),
  p('provider_specialty_fields', 'fields', 'Provider Specialty Fields', 'Specialty taxonomy fields.', [
    'provider_data',
  ]),
  p('payer_mix_fields', 'fields', 'Payer Mix Fields', 'Commercial, Medicare and Medicaid mix fields.', ['claims_data']),
  p('state_field_values', 'field_values', 'US State Values', 'State codes for filters.', [], false),
  p(
    'medicare_field_group',
    'licensable_field_groups',
    'Medicare Field Group',
    'Medicare Advantage enrollment fields.',
    ['claims_data'],
  ),
  p(
    'managed_providers',
    'licensable_field_groups',
    'Managed Providers',
    'Aliases and relationships for your providers.',
    ['provider_alias', 'provider_relationship'],
  ),
  p('provider_alias', 'provider_alias', 'Provider Aliases', 'Your own display names for providers.', ['provider_data']),
  p(
    'provider_relationship',
    'provider_relationship',
    'Provider Relationships',
    'How providers relate to your organization.',
    ['provider_data'],
  ),
];

/** The 'pr-catalog' variant: the provider-relations products only. */
export const PR_CATALOG: CatalogProduct[] = CATALOG.filter((item) =>
  [
    'provider_intelligence',
    'referral_model',
    'provider_data',
    'provider_specialty_fields',
    'managed_providers',
    'provider_alias',
    'provider_relationship',
  ].includes(item.product),
);

export const CATALOG_VERSION = '2026.11.1';
export const PR_CATALOG_VERSION = '2026.11.1-pr';

export const CUSTOMER_SEGMENTS = [
  { id: 'health-plan', name: 'Health Plan', description: 'Payers and managed care organizations.' },
  { id: 'provider-group', name: 'Provider Group', description: 'Physician groups and health systems.' },
  { id: 'life-sciences', name: 'Life Sciences', description: 'Pharmaceutical and device manufacturers.' },
  { id: 'government', name: 'Government', description: 'Public health agencies.' },
  { id: 'employer', name: 'Employer', description: 'Self-insured employers.' },
];

/** Inserts catalog, versions, customer segments and the feature catalog (idempotent). */
export async function seedCatalog(db: Queryable): Promise<void> {
  for (const [prCatalog, products] of [
    [false, CATALOG],
    [true, PR_CATALOG],
  ] as const) {
    for (const item of products) await insertCatalogProduct(db, prCatalog, item);
  }
  await insertCatalogVersions(db, CATALOG_VERSION, PR_CATALOG_VERSION);
  for (const segment of CUSTOMER_SEGMENTS) await insertCustomerSegment(db, segment);
  for (const feature of DEFAULT_FEATURES) await insertFeature(db, feature);
}
