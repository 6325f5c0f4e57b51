import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { isServiceUnavailable } from '../components/mutation-outcome.js';
import { useApolloSetup } from './ApolloSetupProvider.js';
import { freshnessKey, isCatalogDocument, STALE_TIME_MS } from './freshness.js';

export type FreshQueryOptions<TData, TVariables extends OperationVariables> = Omit<
  useQuery.Options<TData, TVariables>,
  'fetchPolicy' | 'nextFetchPolicy' | 'initialFetchPolicy'
> & {
  /** How long a result stays fresh (default 30 s; catalog queries never go stale). */
  staleTimeMs?: number;
};

export type FreshQueryResult<TData, TVariables extends OperationVariables> = useQuery.Result<
  TData,
  TVariables,
  'complete' | 'streaming' | 'empty'
> & {
  /** Refetches when the result has gone stale (e.g. when the page shows again); otherwise nothing. */
  revalidate: () => void;
};

/** How often a query the service could not answer is tried again, while its page is visible. */
export const UNAVAILABLE_RETRY_MS = 5000;

/**
 * While the service is out of reach, the query is tried again every few seconds (when the page is
 * visible) and as soon as the browser is back online, so the page recovers by itself. Spec section 7's
 * "no retry" is about failed answers; this is the service coming back.
 */
function useRetryWhileUnavailable(unavailable: boolean, refetch: () => Promise<unknown>) {
  useEffect(() => {
    if (!unavailable) return;
    const retry = () => {
      if (document.visibilityState === 'visible') void refetch().catch(() => undefined);
    };
    const timer = setInterval(retry, UNAVAILABLE_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [unavailable, refetch]);
}

interface Decision {
  key: string;
  policy: 'cache-first' | 'cache-and-network';
}

/**
 * useQuery with spec section 7's freshness, which Apollo lacks: a result fetched less than 30 s ago is
 * served from the cache without a request; an older one is shown from the cache and refetched; a
 * catalog result (catalogProducts, customerSegments) never goes stale, until the catalog version check
 * evicts it. Decided when the component mounts and whenever the variables change, never on other
 * re-renders, as React Query's staleTime does.
 */
export function useFreshQuery<TData, TVariables extends OperationVariables = OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  ...[options]: Record<string, never> extends TVariables
    ? [options?: FreshQueryOptions<TData, TVariables>]
    : [options: FreshQueryOptions<TData, TVariables>]
): FreshQueryResult<TData, TVariables> {
  const { freshness } = useApolloSetup();
  const { staleTimeMs = STALE_TIME_MS, ...queryOptions } = options ?? ({} as FreshQueryOptions<TData, TVariables>);
  const catalog = isCatalogDocument(query);
  const key = freshnessKey(query, queryOptions.variables);

  const decide = (): Decision => ({
    key,
    policy: catalog || freshness.isFresh(key, staleTimeMs) ? 'cache-first' : 'cache-and-network',
  });
  const [decision, setDecision] = useState(decide);
  let current = decision;
  if (decision.key !== key) {
    // New variables: decide again (React's "adjust state while rendering" pattern).
    current = decide();
    setDecision(current);
  }

  const runQuery = useQuery as unknown as (
    document: TypedDocumentNode<TData, TVariables>,
    options: useQuery.Options<TData, TVariables>,
  ) => useQuery.Result<TData, TVariables, 'complete' | 'streaming' | 'empty'>;
  const result = runQuery(query, {
    ...queryOptions,
    fetchPolicy: current.policy,
    // New variables go back to the initial policy: make that the one decided for them.
    initialFetchPolicy: current.policy,
    nextFetchPolicy: 'cache-first',
  } as useQuery.Options<TData, TVariables>);

  const { refetch } = result;
  const skip = queryOptions.skip === true;
  useRetryWhileUnavailable(!skip && isServiceUnavailable(result.error), refetch);
  const revalidate = useCallback(() => {
    if (skip || catalog || freshness.isFresh(key, staleTimeMs)) return;
    void refetch().catch(() => undefined);
  }, [skip, catalog, freshness, key, staleTimeMs, refetch]);

  return { ...result, revalidate };
}
