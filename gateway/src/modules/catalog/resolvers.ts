import { CATALOG_KINDS } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { catalogProducts, catalogVersion, customerSegments, type ProductQuery } from './platform.js';

export const catalogResolvers: Resolvers = {
  CatalogKind: enumValues(CATALOG_KINDS),

  Query: {
    catalogProducts: (_, { include, filters, prCatalog }, { platform }) => {
      const restFilters: ProductQuery['filters'] = {};
      if (filters?.isLicenseRequired != null) restFilters.is_license_required = filters.isLicenseRequired;
      if (filters?.kind != null) restFilters.kind = filters.kind;
      if (filters?.product != null) restFilters.product = filters.product;
      return catalogProducts(platform, {
        kinds: include ?? undefined,
        filters: restFilters,
        prCatalog: prCatalog ?? false,
      });
    },
    catalogVersion: (_, { prCatalog }, { platform }) => catalogVersion(platform, prCatalog ?? false),
    customerSegments: (_, { filters }, { platform }) =>
      customerSegments(platform, filters?.active != null ? { active: filters.active } : {}),
  },

  CatalogProduct: {
    isLicenseRequired: (product) => product.is_license_required,
  },
};
