import type { ApolloClient } from '@apollo/client';
import { graphql } from '../gql/index.js';
import { CATALOG_ROOT_FIELDS } from './type-policies.js';

/** Both catalog variants' versions in one request. */
export const CatalogVersionCheckQuery = graphql(`
  query CatalogVersionCheck {
    catalogVersion
    prCatalogVersion: catalogVersion(prCatalog: true)
  }
`);

export type CatalogCheckOutcome = 'unchanged' | 'evicted' | 'recorded';

/** Whether the cache holds any catalog result. */
function hasCachedCatalog(client: ApolloClient): boolean {
  const root = (client.cache.extract() as Record<string, Record<string, unknown> | undefined>).ROOT_QUERY ?? {};
  return Object.keys(root).some((field) =>
    CATALOG_ROOT_FIELDS.some((name) => field === name || field.startsWith(`${name}(`)),
  );
}

/** Removes every cached catalog result and entry (active catalog queries then fetch anew). */
export function evictCatalog(client: ApolloClient): void {
  for (const fieldName of CATALOG_ROOT_FIELDS) client.cache.evict({ id: 'ROOT_QUERY', fieldName });
  client.cache.gc();
}

/**
 * Spec section 4: once per page load, the server's catalog versions are compared with those the cached
 * catalog was fetched under (the versions the previous page load's check stored in the cache); when
 * either differs, the cached catalog is evicted (active catalog queries fetch it again). The answer is
 * cached as the versions of what is fetched from now on.
 */
export async function checkCatalogVersion(client: ApolloClient): Promise<CatalogCheckOutcome> {
  const cached = client.cache.readQuery({ query: CatalogVersionCheckQuery });
  const { data } = await client.query({ query: CatalogVersionCheckQuery, fetchPolicy: 'network-only' });
  if (!data) return 'unchanged';
  // Every page load records the versions, so a cached catalog without them was fetched in this one.
  if (!cached) return 'recorded';
  const changed = cached.catalogVersion !== data.catalogVersion || cached.prCatalogVersion !== data.prCatalogVersion;
  if (!changed) return 'unchanged';
  if (!hasCachedCatalog(client)) return 'recorded';
  evictCatalog(client);
  return 'evicted';
}
