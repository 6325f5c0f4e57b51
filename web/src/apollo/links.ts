import { ApolloLink } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
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
