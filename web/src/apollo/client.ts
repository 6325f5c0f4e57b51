import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import type { AuthFailure } from '../auth/session-ended.js';
import type { FreshnessTracker } from './freshness.js';
import { authErrorLink, authLink, freshnessLink, trustedDocumentLink } from './links.js';
import { typePolicies } from './type-policies.js';

export interface ApolloClientOptions {
  gatewayUrl: string;
  /** The current access token (renewed first when it has expired), or null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** A request found the session over (see auth/session-watch.ts). */
  onAuthFailure: (failure: AuthFailure) => void;
  freshness: FreshnessTracker;
  /** The gateway did not know an operation's hash: the page is of another build (reload it). */
  onStaleDocument: () => void;
  /** A cache to use (tests, or one restored beforehand); a new one otherwise. */
  cache?: InMemoryCache;
  /** For tests: answers requests instead of the network. */
  fetch?: typeof fetch;
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies });
}

/**
 * The console's Apollo Client: the gateway over HTTP with the user's token; results cached in the
 * normalized cache for ever (spec section 7: infinite cache lifetime) and served by the stale rule of
 * useFreshQuery; no retries (none configured), no refetch on window focus (no refetch event manager,
 * and refetchOn off for good measure).
 */
export function createApolloClient(options: ApolloClientOptions): ApolloClient {
  const http = new HttpLink({ uri: options.gatewayUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return new ApolloClient({
    cache: options.cache ?? createCache(),
    link: ApolloLink.from([
      authErrorLink(options.onAuthFailure),
      freshnessLink(options.freshness),
      authLink(options.getAccessToken),
      trustedDocumentLink(options.onStaleDocument),
      http,
    ]),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first', refetchOn: false },
      query: { fetchPolicy: 'cache-first' },
    },
  });
}
