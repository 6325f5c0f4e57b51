import { ApolloLink, CombinedGraphQLErrors } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import type { DocumentNode } from 'graphql';
import { OperationTypeNode } from 'graphql';
import { tap } from 'rxjs';
import { authFailureOf, type AuthFailure } from '../auth/session-ended.js';
import { freshnessKey, type FreshnessTracker } from './freshness.js';

/** Sends the current access token (spec section 7: every call carries the user's bearer token). */
export function authLink(getAccessToken: () => Promise<string | null>): ApolloLink {
  return new SetContextLink(async (previous) => {
    const token = await getAccessToken();
    if (!token) return {};
    return {
      headers: { ...(previous.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
    };
  });
}

/**
 * Reports answers that say the session is over (HTTP 401, or UNAUTHENTICATED) to the session-ended
 * flow. Nothing is retried: a failed request fails (spec section 7: no retry).
 */
export function authErrorLink(onAuthFailure: (failure: AuthFailure) => void): ApolloLink {
  return new ErrorLink(({ error }) => {
    const failure = authFailureOf(error);
    if (failure) onAuthFailure(failure);
  });
}

/** Records when each query got a complete answer from the network (for useFreshQuery's stale rule). */
export function freshnessLink(freshness: FreshnessTracker): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (operation.operationType !== OperationTypeNode.QUERY) return forward(operation);
    const key = freshnessKey(operation.query, operation.variables);
    return forward(operation).pipe(
      tap((result) => {
        if (!('errors' in result && result.errors?.length) && 'data' in result && result.data)
          freshness.markFetched(key);
      }),
    );
  });
}

/** The hash codegen embeds in each of the console's documents (persisted-documents.json's key), in hex. */
export function trustedHashOf(document: DocumentNode): string {
  const hash = (document as DocumentNode & { __meta__?: { hash?: string } }).__meta__?.hash;
  if (!hash)
    throw new Error('A GraphQL document without its trusted-document hash: write it with graphql() (codegen).');
  return hash.replace(/^sha256:/, '');
}

/** The gateway does not know the hash sent: this page is of another build than the gateway's. */
function isStaleDocument(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND')
  );
}

/**
 * Trusted documents: every operation goes to the gateway as its hash alone, never as text (the gateway
 * runs only the documents of the console's build for browser users). A hash the gateway does not know
 * means this page is of an older or newer build: `onStale` (a reload) rather than sending the text.
 */
export function trustedDocumentLink(onStale: () => void): ApolloLink {
  return ApolloLink.from([
    new ErrorLink(({ error }) => {
      if (isStaleDocument(error)) onStale();
    }),
    new PersistedQueryLink({ generateHash: trustedHashOf, retry: () => false, disable: () => false }),
  ]);
}
