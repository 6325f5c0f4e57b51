import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { UpdateUserInput } from '../../../../gql/graphql.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { scalarText } from '../../shared/user-fields.js';
import { SHARED_USER_FORM_FIELDS } from '../../shared/user-form.js';
import { syncOwnViewer } from '../../shared/viewer-sync.js';

const UpdateUserDocument = graphql(`
  mutation UpdateUser($organizationId: ID!, $email: Email!, $input: UpdateUserInput!) {
    updateUser(organizationId: $organizationId, email: $email, input: $input) {
      user {
        email
        name
        tableauLicense
        directDataAccessEnabled
        dataAccessInfo {
          id
          active
          generatedAt
          daysToExpire
        }
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
 * Saves a user's changed fields. The payload's user updates the normalized cache (profile, list rows,
 * their credentials when data access went off); one's own Viewer follows.
 */
export function useUpdateUser(
  organizationId: string,
  email: string,
): [(input: UpdateUserInput) => Promise<MutationOutcome<{ name: string }>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(UpdateUserDocument, {
    update(cache, result) {
      const user = result.data?.updateUser.user;
      if (user) syncOwnViewer(cache, { ...user, email: scalarText(user.email) });
    },
  });
  const save = useCallback(
    (input: UpdateUserInput) =>
      runMutation(
        () => mutate({ variables: { organizationId, email, input } }),
        ({ data }) => {
          const user = data?.updateUser.user;
          return { payload: data?.updateUser, value: user ? { name: user.name } : null };
        },
        // The fields the edit form shows a message beside; anything else goes above its buttons.
        { knownFields: SHARED_USER_FORM_FIELDS },
      ),
    [mutate, organizationId, email],
  );
  return [save, { loading }];
}
