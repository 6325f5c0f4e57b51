import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../components/mutation-outcome.js';
import { evictUserLists } from '../shared/users-cache.js';

const ResendInvitationDocument = graphql(`
  mutation ResendInvitation($email: Email!) {
    resendInvitation(email: $email) {
      invitation {
        sentAt
        expiresAt
        expired
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

const RevokeInvitationDocument = graphql(`
  mutation RevokeInvitation($email: Email!) {
    revokeInvitation(email: $email) {
      ok
      inputErrors {
        field
        message
      }
    }
  }
`);

/** Mails the invited user a new link; the user's cached invitation is replaced by the answer's. */
export function useResendInvitation(email: string): [() => Promise<MutationOutcome<true>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(ResendInvitationDocument, {
    update(cache, result) {
      const invitation = result.data?.resendInvitation.invitation;
      const user = cache.identify({ __typename: 'User', email });
      if (invitation && user) cache.modify({ id: user, fields: { invitation: () => invitation } });
    },
  });
  const resend = useCallback(
    () =>
      runMutation(
        () => mutate({ variables: { email } }),
        ({ data }) => ({
          payload: data?.resendInvitation,
          value: data?.resendInvitation.invitation ? (true as const) : null,
        }),
        { prefix: '' },
      ),
    [mutate, email],
  );
  return [resend, { loading }];
}

/** Withdraws the invitation: the invited user is removed, from the cache and the organization's lists too. */
export function useRevokeInvitation(
  organizationId: string,
  email: string,
): [() => Promise<MutationOutcome<true>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(RevokeInvitationDocument, {
    update(cache, result) {
      if (!result.data?.revokeInvitation.ok) return;
      const user = cache.identify({ __typename: 'User', email });
      if (user) cache.evict({ id: user });
      evictUserLists(cache, organizationId);
      cache.gc();
    },
  });
  const revoke = useCallback(
    () =>
      runMutation(
        () => mutate({ variables: { email } }),
        ({ data }) => ({
          payload: data?.revokeInvitation,
          value: data?.revokeInvitation.ok ? (true as const) : null,
        }),
        { prefix: '' },
      ),
    [mutate, email],
  );
  return [revoke, { loading }];
}
