import { useMutation } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useCallback } from 'react';
import { runMutation, type InputErrorLike, type MutationOutcome } from '../../../../components/mutation-outcome.js';

/** The payload of a lifecycle move: the organization as it now is, or why the move was refused. */
export interface MovePayload {
  organization?: { id: string } | null;
  inputErrors: readonly InputErrorLike[];
}

/**
 * Runs a lifecycle move's mutation (each hook owns its document). The payload's organization
 * (state, allowed moves, jobs) updates the normalized cache, which starts the progress polling; a
 * refusal (409: the state does not allow it) comes back in words.
 */
export function useLifecycleMove<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  payloadOf: (data: TData) => MovePayload,
  options: { prefix?: string; knownFields?: readonly string[] } = {},
): [(variables: TVariables) => Promise<MutationOutcome<{ id: string }>>, { loading: boolean }] {
  const [mutateTyped, { loading }] = useMutation<TData, TVariables>(document);
  // Apollo's conditional tuple of options does not resolve for a generic TVariables; the call is plain.
  const mutate = mutateTyped as unknown as (options: { variables: TVariables }) => Promise<{ data?: TData | null }>;
  const { prefix, knownFields } = options;
  const run = useCallback(
    (variables: TVariables) =>
      runMutation(
        () => mutate({ variables }),
        (result) => {
          const payload = result.data ? payloadOf(result.data) : null;
          return { payload, value: payload?.organization };
        },
        { prefix: prefix ?? '', knownFields: knownFields ?? [] },
      ),
    // payloadOf is a module-level function of each hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mutate, prefix, knownFields],
  );
  return [run, { loading }];
}
