import { describe, expect, it } from 'vitest';
import {
  dependencyMap,
  disableProduct,
  enableProduct,
  neededByMessage,
  productsNeeding,
  sortForDisplay,
  withDependencies,
  type LicensableProduct,
} from './license-products.js';

const product = (id: string, dependencies: string[] = []): LicensableProduct => ({
  id,
  name: id,
  description: '',
  kind: 'DATA',
  dependencies,
});

// The seeded catalog's shape: managed providers → alias, relationship → provider data.
const dependencies = dependencyMap([
  product('claims_data'),
  product('provider_data'),
  product('market_intelligence', ['claims_data', 'state_field_values']),
  product('managed_providers', ['provider_alias', 'provider_relationship']),
  product('provider_alias', ['provider_data']),
  product('provider_relationship', ['provider_data']),
]);

const sorted = (set: Set<string>) => [...set].sort();

describe('licensable products and their dependencies', () => {
  it('keeps only dependencies that are licensable products themselves', () => {
    expect(dependencies.get('market_intelligence')).toEqual(['claims_data']);
  });

  it('enables a product with its dependencies, transitively', () => {
    expect(sorted(enableProduct(new Set(), 'managed_providers', dependencies))).toEqual([
      'managed_providers',
      'provider_alias',
      'provider_data',
      'provider_relationship',
    ]);
    expect(sorted(withDependencies(['market_intelligence'], dependencies))).toEqual([
      'claims_data',
      'market_intelligence',
    ]);
  });

  it('refuses to switch off a dependency an enabled product needs, directly or not, and says who needs it', () => {
    const enabled = enableProduct(new Set(), 'managed_providers', dependencies);
    expect(productsNeeding(enabled, 'provider_data', dependencies)).toEqual([
      'managed_providers',
      'provider_alias',
      'provider_relationship',
    ]);
    const refused = disableProduct(enabled, 'provider_alias', dependencies);
    expect(refused.neededBy).toEqual(['managed_providers']);
    expect(sorted(refused.enabled)).toEqual(sorted(enabled));
  });

  it('switches off a product nothing needs, leaving its dependencies on', () => {
    const enabled = enableProduct(new Set(), 'managed_providers', dependencies);
    const result = disableProduct(enabled, 'managed_providers', dependencies);
    expect(result.neededBy).toEqual([]);
    expect(sorted(result.enabled)).toEqual(['provider_alias', 'provider_data', 'provider_relationship']);
  });

  it('says why in words', () => {
    expect(neededByMessage(['Managed Providers'])).toBe(
      'Enabled because Managed Providers needs it. Turn that off first to turn this off.',
    );
    expect(neededByMessage(['A', 'B', 'C'])).toBe(
      'Enabled because A, B and C need it. Turn those off first to turn this off.',
    );
  });

  it('groups products by kind for display, by name within a kind', () => {
    const shown = sortForDisplay([
      { kind: 'DATA', name: 'Provider Data' },
      { kind: 'PROVIDER_ALIAS', name: 'Provider Aliases' },
      { kind: 'BI', name: 'Market Intelligence' },
      { kind: 'DATA', name: 'Claims Data' },
      { kind: 'SOMETHING_NEW', name: 'A new kind' },
    ]);
    expect(shown.map((product) => product.name)).toEqual([
      'Market Intelligence',
      'Claims Data',
      'Provider Data',
      'Provider Aliases',
      'A new kind',
    ]);
  });
});
