import type { ApolloClient, DocumentNode, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import {
  outcomeOfError,
  outcomeOfPayload,
  type InputErrorLike,
  type MutationOutcome,
} from '../components/mutation-outcome.js';

/**
 * Every mutation whose answer carries a one-time secret runs through this file, in one of two ways.
 *
 * mutateWithSecret / useSecretMutation (createUserCredential, createOrganizationCredential): the caller
 * gets the whole answer, secret included, while the cache gets it without: the mutation is sent with
 * fetchPolicy 'no-cache' (Apollo 4 otherwise hands the component the answer as read back from the
 * cache), then the answer is written to the cache the way Apollo writes mutation results, where the
 * CreatedCredentialPayload type policy stores null for `secret`. The credential, user and organization
 * it returns are normalized as usual, so lists update; mutation results are never persisted
 * (persistence.ts). Run through plain useMutation it would still never store the secret, but would hand
 * the component null.
 *
 * runUncachedSecretMutation (createWebhook, rotateWebhookSecret, createScimToken, rotateScimToken):
 * their secrets have no type policy, so the answer is not written to the cache at all, and the list the
 * new item joins is read again from the gateway before the outcome is answered.
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

/** How runUncachedSecretMutation reads an answer and what it reads again. */
export interface UncachedSecretOptions<TData, TPayload, TValue> {
  /** The list the new or replaced item shows in, read again before the outcome is answered. */
  refetch: { query: DocumentNode; variables: OperationVariables };
  payloadOf: (data: TData | undefined) => TPayload | null | undefined;
  /** What the section shows once (the secret with what names it), or null when the payload holds none. */
  valueOf: (payload: TPayload) => TValue | null;
  /** How refusals name fields (outcomeOfPayload). */
  prefix?: string;
  knownFields: readonly string[];
}

/** Runs a mutation whose secret must reach only the caller and never the cache (see the file's header). Never throws. */
export async function runUncachedSecretMutation<
  TData,
  TVariables extends OperationVariables,
  TPayload extends { inputErrors: readonly InputErrorLike[] },
  TValue,
>(
  client: ApolloClient,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  { refetch, payloadOf, valueOf, prefix, knownFields }: UncachedSecretOptions<TData, TPayload, TValue>,
): Promise<MutationOutcome<TValue>> {
  try {
    const result = await client.mutate<TData, TVariables>({
      mutation,
      variables,
      fetchPolicy: 'no-cache',
      refetchQueries: [refetch],
      awaitRefetchQueries: true,
    } as Parameters<typeof client.mutate<TData, TVariables>>[0]);
    const payload = payloadOf(result.data ?? undefined);
    return outcomeOfPayload(payload, payload ? valueOf(payload) : null, { prefix, knownFields });
  } catch (error) {
    return outcomeOfError(error);
  }
}
