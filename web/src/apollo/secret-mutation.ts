import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';

/**
 * Runs a mutation whose answer carries a one-time secret (createUserCredential,
 * createOrganizationCredential): the caller gets the whole answer, secret included, while the cache
 * gets it without: the mutation is sent with fetchPolicy 'no-cache' (Apollo 4 otherwise hands the
 * component the answer as read back from the cache), then the answer is written to the cache the way
 * Apollo writes mutation results, where the CreatedCredentialPayload type policy stores null for
 * `secret`. The credential, user and organization it returns are normalized as usual, so lists update;
 * mutation results are never persisted (persistence.ts).
 *
 * The rule for documents: a mutation selecting `secret` is only ever run through this (or
 * useSecretMutation). Run through plain useMutation it would still never store the secret, but would
 * hand the component null.
 */
export async function mutateWithSecret<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): Promise<TData | undefined> {
  const result = await client.mutate<TData, TVariables>({ mutation, variables, fetchPolicy: 'no-cache' } as Parameters<
    typeof client.mutate<TData, TVariables>
  >[0]);
  if (result.data) {
    client.cache.write({ dataId: 'ROOT_MUTATION', query: mutation, variables, result: result.data });
  }
  return result.data ?? undefined;
}

export interface SecretMutationState<TData> {
  /** The last answer (secret included): keep it in component state only, show it once. */
  data: TData | undefined;
  loading: boolean;
  error: unknown;
}

/** useMutation for secret-bearing mutations (see mutateWithSecret). */
export function useSecretMutation<TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
): [(variables: TVariables) => Promise<TData | undefined>, SecretMutationState<TData>, () => void] {
  const client = useApolloClient();
  const [state, setState] = useState<SecretMutationState<TData>>({ data: undefined, loading: false, error: undefined });
  const run = useCallback(
    async (variables: TVariables) => {
      setState({ data: undefined, loading: true, error: undefined });
      try {
        const data = await mutateWithSecret(client, mutation, variables);
        setState({ data, loading: false, error: undefined });
        return data;
      } catch (error) {
        setState({ data: undefined, loading: false, error });
        throw error;
      }
    },
    [client, mutation],
  );
  /** Forgets the answer (the secret) once the user has copied it or closed the dialog. */
  const clear = useCallback(() => setState({ data: undefined, loading: false, error: undefined }), []);
  return [run, state, clear];
}
