/**
 * Every REST list's sort keys, each list's once. The platform's stores map exactly these to columns and
 * its `sort` parameters name them in /openapi.json; the gateway's sort enums are these keys in upper
 * snake case (`createdAt` is CREATED_AT; gateway/src/modules/common/enum-values.test.ts holds the SDL to
 * them); the console's list states map their URL keys onto those enums.
 */
export const ORGANIZATION_SORT_KEYS = ['name', 'id', 'status', 'customer_segment', 'createdAt'] as const;
export type OrganizationSortKey = (typeof ORGANIZATION_SORT_KEYS)[number];

export const USER_SORT_KEYS = ['name', 'email', 'role', 'active', 'createdAt', 'lastSignInAt'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/** Every column of the console's provider links table. */
export const PROVIDER_LINK_SORT_KEYS = [
  'npi',
  'name',
  'specialty',
  'place',
  'value',
  'updatedAt',
  'updatedBy',
] as const;
export type ProviderLinkSortKey = (typeof PROVIDER_LINK_SORT_KEYS)[number];

/** The provider directory (REST only: the gateway's directory search keeps the platform's order). */
export const PROVIDER_SORT_KEYS = ['npi', 'name', 'specialty', 'city', 'state', 'zip'] as const;
export type ProviderSortKey = (typeof PROVIDER_SORT_KEYS)[number];

/** An organization's own credentials (REST only). */
export const CREDENTIAL_SORT_KEYS = ['generated_timestamp', 'id', 'name', 'credential_enabled'] as const;
export type CredentialSortKey = (typeof CREDENTIAL_SORT_KEYS)[number];
