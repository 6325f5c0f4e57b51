import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../gql/index.js';
import type { CreateUserInput } from '../../../gql/graphql.js';
import { runMutation, type MutationOutcome } from '../../../components/mutation-outcome.js';
import { scalarText } from '../shared/user-fields.js';
import { evictUserLists } from '../shared/users-cache.js';
import { CREATE_USER_FORM_FIELDS } from './create-user-form.js';

const CreateUserDocument = graphql(`
  mutation CreateUser($organizationId: ID!, $input: CreateUserInput!) {
    createUser(organizationId: $organizationId, input: $input) {
      user {
        email
        name
        organizationId
        ...UserTextFields_user
        ...UsersTable_user
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

export interface CreatedUser {
  email: string;
  name: string;
}

/**
 * Creates a user in an organization. The new user is normalized into the cache by the payload; the
 * organization's cached user pages and license usage are evicted (a new row changes every page after it).
 */
export function useCreateUser(
  organizationId: string,
): [(input: CreateUserInput) => Promise<MutationOutcome<CreatedUser>>, { loading: boolean }] {
  const [mutate, { loading }] = useMutation(CreateUserDocument, {
    update(cache, result) {
      if (result.data?.createUser.user) evictUserLists(cache, organizationId);
    },
  });
  const create = useCallback(
    (input: CreateUserInput) =>
      runMutation(
        () => mutate({ variables: { organizationId, input } }),
        ({ data }) => {
          const user = data?.createUser.user;
          return {
            payload: data?.createUser,
            value: user ? { email: scalarText(user.email), name: user.name } : null,
          };
        },
        // The fields the create form shows a message beside; anything else goes above its buttons.
        { knownFields: CREATE_USER_FORM_FIELDS },
      ),
    [mutate, organizationId],
  );
  return [create, { loading }];
}
