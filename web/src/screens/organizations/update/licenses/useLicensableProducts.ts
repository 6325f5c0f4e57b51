import { useMemo } from 'react';
import { useFreshQuery } from '../../../../apollo/useFreshQuery.js';
import { graphql } from '../../../../gql/index.js';
import { dependencyMap, sortForDisplay, type DependencyMap, type LicensableProduct } from './license-products.js';

const LicensableProductsDocument = graphql(`
  query OrganizationLicensableProducts {
    catalogProducts(filters: { isLicenseRequired: true }) {
      id
      version
      kind
      name
      description
      dependencies
    }
  }
`);

/** The catalog's products that need a license, grouped by kind (catalog: never stale until its version changes). */
export function useLicensableProducts(): {
  products: LicensableProduct[];
  dependencies: DependencyMap;
  loading: boolean;
  error: unknown;
} {
  const { data, loading, error } = useFreshQuery(LicensableProductsDocument);
  const products = useMemo(() => sortForDisplay(data?.catalogProducts ?? []), [data]);
  const dependencies = useMemo(() => dependencyMap(products), [products]);
  return { products, dependencies, loading, error };
}
