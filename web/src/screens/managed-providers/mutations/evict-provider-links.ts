import type { ApolloCache } from '@apollo/client';

/**
 * After links changed: every cached providerLinks page goes (links are not normalized, so no payload
 * can update them in place). A list shown later finds its page missing and fetches it, whatever its
 * freshness; one shown now fetches at once.
 */
export function evictProviderLinks(cache: ApolloCache): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'providerLinks' });
  cache.gc();
}
