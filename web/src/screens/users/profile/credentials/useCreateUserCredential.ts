import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useSecretMutation } from '../../../../apollo/secret-mutation.js';
import { graphql } from '../../../../gql/index.js';
import { outcomeOfError, outcomeOfPayload, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { CREDENTIAL_CHOICE_FIELDS, type CredentialChoices } from '../../../../components/CreateCredentialDialog.js';
import { scalarText } from '../../shared/user-fields.js';
import { syncOwnViewer } from '../../shared/viewer-sync.js';

/** Selects `secret`: run only through useSecretMutation (apollo/secret-mutation.ts), never useMutation. */
const CreateUserCredentialDocument = graphql(`
  mutation CreateUserCredential($email: Email!, $input: CreateCredentialInput) {
    createUserCredential(email: $email, input: $input) {
      credential {
        id
        name
        userEmail
        enabled
        generatedAt
        expiresAt
        daysToExpire
      }
      secret
      user {
        email
        dataAccessInfo {
          id
          name
          active
          generatedAt
          expiresAt
          daysToExpire
        }
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** A created credential and its secret: held by the caller in component state only, shown once. */
export interface CreatedCredential {
  id: string;
  secret: string;
}

/**
 * Creates a data-access credential for a user. The secret reaches the caller and never the cache or
 * localStorage (W1's secret mutation); the user's credential list updates through the normalized
 * cache, and one's own Viewer follows (the credential banner).
 */
export function useCreateUserCredential(
  email: string,
): [(choices: CredentialChoices) => Promise<MutationOutcome<CreatedCredential>>, { loading: boolean }] {
  const client = useApolloClient();
  const [run, { loading }, forget] = useSecretMutation(CreateUserCredentialDocument);
  const create = useCallback(
    async (input: CredentialChoices): Promise<MutationOutcome<CreatedCredential>> => {
      try {
        const data = await run({ email, input });
        // One copy of the secret is enough: the caller's. The hook's own copy goes at once.
        forget();
        const payload = data?.createUserCredential;
        if (!payload || payload.inputErrors.length > 0 || !payload.credential || !payload.secret) {
          return outcomeOfPayload<CreatedCredential>(payload, null, { knownFields: CREDENTIAL_CHOICE_FIELDS });
        }
        if (payload.user) syncOwnViewer(client.cache, { ...payload.user, email: scalarText(payload.user.email) });
        return { ok: true, value: { id: payload.credential.id, secret: payload.secret } };
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    [run, forget, email, client],
  );
  return [create, { loading }];
}
