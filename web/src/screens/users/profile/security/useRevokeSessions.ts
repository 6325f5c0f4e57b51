import type { ApolloCache, Reference, StoreObject } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const RevokeSessionDocument = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id) {
      revoked
      inputErrors {
        field
        message
      }
    }
  }
`);

const RevokeUserSessionsDocument = graphql(`
  mutation RevokeUserSessions($email: Email!, $exceptCurrent: Boolean) {
    revokeUserSessions(email: $email, exceptCurrent: $exceptCurrent) {
      revoked
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Keeps only the sessions of `email` that `keep` accepts (by id and whether current) in the cache. */
function keepSessions(cache: ApolloCache, email: string, keep: (id: unknown, current: unknown) => boolean) {
  cache.modify({
    id: cache.identify({ __typename: 'User', email }),
    fields: {
      sessions: (list: Reference | readonly unknown[] | null, { readField }) => {
        // The sessions are embedded in the user (type-policies.ts): a list of plain objects.
        if (!Array.isArray(list)) return list;
        const sessions = list as readonly StoreObject[];
        return sessions.filter((session) => keep(readField('id', session), readField('current', session)));
      },
    },
  });
}

/** Ends one session of `email`'s; the answer carries no list, so the session leaves the cached one. */
export function useRevokeSession(
  email: string,
): [(id: string) => Promise<MutationOutcome<number>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(RevokeSessionDocument);
  const revoke = useCallback(
    (id: string) =>
      runMutation(
        () =>
          mutate({
            variables: { id },
            update(cache, result) {
              if (result.data?.revokeSession.inputErrors.length === 0)
                keepSessions(cache, email, (each) => each !== id);
            },
          }),
        ({ data }) => ({ payload: data?.revokeSession, value: data?.revokeSession.revoked }),
        { prefix: '' },
      ),
    [mutate, email],
  );
  return [revoke, { loading }];
}

/**
 * Signs `email` out everywhere, or (exceptCurrent, on one's own profile) out of every session but this
 * browser's; the cached list keeps only what is left.
 */
export function useRevokeUserSessions(
  email: string,
): [(exceptCurrent: boolean) => Promise<MutationOutcome<number>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(RevokeUserSessionsDocument);
  const revoke = useCallback(
    (exceptCurrent: boolean) =>
      runMutation(
        () =>
          mutate({
            variables: { email, exceptCurrent },
            update(cache, result) {
              if (result.data?.revokeUserSessions.inputErrors.length === 0)
                keepSessions(cache, email, (_, current) => exceptCurrent && current === true);
            },
          }),
        ({ data }) => ({ payload: data?.revokeUserSessions, value: data?.revokeUserSessions.revoked }),
        { prefix: '' },
      ),
    [mutate, email],
  );
  return [revoke, { loading }];
}
