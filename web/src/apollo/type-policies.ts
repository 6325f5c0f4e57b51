import type { StoreObject, TypePolicies } from '@apollo/client/cache';

/**
 * Catalog entries are keyed by product id (issue 4), within their catalog version: the 'pr-catalog'
 * variant lists the same product ids under its own version, and the two must not overwrite each other.
 * Documents that do not select `version` still normalize, by id alone.
 */
function catalogProductKey(object: Readonly<StoreObject>): string | undefined {
  const id = object.id;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return typeof object.version === 'string' ? `CatalogProduct:${id}@${object.version}` : `CatalogProduct:${id}`;
}

/**
 * The normalized cache's identities (decisions.md: users are keyed by email, not an id):
 * - User by email, Organization, Credential, CustomerSegment and DataAccessEntry by id, Provider by NPI;
 * - Viewer is a singleton (one signed-in user per cache; the cache is purged when the user changes);
 * - Feature and ProviderLink are never normalized: a feature resolves per organization and a link
 *   belongs to one organization, but neither carries the organization's id, so they stay embedded in
 *   the organization (or viewer) that listed them;
 * - objects without identity that different screens select differently are merged, not replaced;
 * - a created credential's one-time secret is never written: whatever a mutation answers, the cache
 *   (and so localStorage) stores null in its place. Components get the secret through
 *   mutateWithSecret / useSecretMutation (secret-mutation.ts). See secret.test.ts;
 * - a sign-in session is embedded in its user's `sessions`, which, with `mfa`, is never persisted
 *   (NOT_PERSISTED_FIELDS).
 */
export const typePolicies: TypePolicies = {
  Viewer: { keyFields: [] },
  User: { keyFields: ['email'] },
  Organization: { keyFields: ['id'] },
  Credential: { keyFields: ['id'] },
  CatalogProduct: { keyFields: catalogProductKey },
  CustomerSegment: { keyFields: ['id'] },
  DataAccessEntry: { keyFields: ['id'] },
  Provider: { keyFields: ['npi'] },
  Feature: { keyFields: false },
  ProviderLink: { keyFields: false },
  // A session belongs to its user's list: never an entry of its own (see NOT_PERSISTED_FIELDS).
  SignInSession: { keyFields: false },
  Licenses: { merge: true },
  TableauUserLicenses: { merge: true },
  PrimaryContact: { merge: true },
  BiPortalPreferences: { merge: true },
  LifecycleJob: { merge: true },
  CreatedCredentialPayload: {
    fields: {
      secret: { merge: () => null },
    },
  },
};

/**
 * Fields kept in the cache in memory but never written to localStorage, by type: where and from which
 * address a person is signed in, and which second factors they have, say too much about them to be
 * left in the browser after the page is gone. A reload reads them again.
 */
export const NOT_PERSISTED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  User: ['mfa', 'sessions'],
};

/** Root fields whose results are the catalog: never stale until the version check evicts them. */
export const CATALOG_ROOT_FIELDS = ['catalogProducts', 'customerSegments'] as const;
