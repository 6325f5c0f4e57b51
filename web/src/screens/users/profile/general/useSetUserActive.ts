import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const SetUserActiveDocument = graphql(`
  mutation SetUserActive($email: Email!, $active: Boolean!) {
    setUserActive(email: $email, active: $active) {
      user {
        email
        active
        ...GeneralSection_user
        ...ProfileHeader_user
        ...UsersTable_user
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/**
 * Activates or deactivates a user. The payload's user updates every cached view of them, and the
 * organization's cached license usage is evicted; refusals (the user limit, the last Org Admin) come
 * back in words.
 */
export function useSetUserActive(
  organizationId: string,
  email: string,
): [(active: boolean) => Promise<MutationOutcome<{ active: boolean }>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(SetUserActiveDocument, {
    update(cache, result) {
      // Active users count against the license: its cached usage no longer holds.
      const organization = cache.identify({ __typename: 'Organization', id: organizationId });
      if (result.data?.setUserActive.user && organization) cache.evict({ id: organization, fieldName: 'licenses' });
    },
  });
  const setActive = useCallback(
    (active: boolean) =>
      runMutation(
        () => mutate({ variables: { email, active } }),
        ({ data }) => {
          const user = data?.setUserActive.user;
          return { payload: data?.setUserActive, value: user ? { active: user.active } : null };
        },
        { prefix: '' },
      ),
    [mutate, email],
  );
  return [setActive, { loading }];
}
