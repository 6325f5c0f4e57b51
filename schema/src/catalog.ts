/** The kinds of catalog product (spec section 3); the catalog's `include` selects among them. */
export const CATALOG_KINDS = [
  'bi',
  'models',
  'data',
  'fields',
  'field_values',
  'licensable_field_groups',
  'provider_alias',
  'provider_relationship',
] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];
