import { useCallback } from 'react';
import { useSecretMutation } from '../../../../apollo/secret-mutation.js';
import { graphql } from '../../../../gql/index.js';
import { outcomeOfError, outcomeOfPayload, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { CREDENTIAL_CHOICE_FIELDS, type CredentialChoices } from '../../../../components/CreateCredentialDialog.js';

const CreateOrganizationCredentialDocument = graphql(`
  mutation CreateOrganizationCredential($organizationId: ID!, $input: CreateCredentialInput) {
    createOrganizationCredential(organizationId: $organizationId, input: $input) {
      credential {
        id
        name
        enabled
        generatedAt
        daysToExpire
        createdBy
      }
      secret
      organization {
        id
        ...CredentialsSection_organization
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** A credential just created, with its secret: held by the component that shows it, never stored. */
export interface CreatedCredential {
  id: string;
  secret: string;
}

/**
 * Creates an organization credential through the secret-bearing mutation runner (apollo/secret-
 * mutation.ts): the answer reaches this hook with its secret, while the cache (and so localStorage)
 * stores null in the secret's place. The organization in the answer adds the credential to the list.
 */
export function useCreateOrganizationCredential(): [
  (organizationId: string, choices: CredentialChoices) => Promise<MutationOutcome<CreatedCredential>>,
  { loading: boolean; forget: () => void },
] {
  const [mutate, state, forget] = useSecretMutation(CreateOrganizationCredentialDocument);
  const create = useCallback(
    async (organizationId: string, input: CredentialChoices): Promise<MutationOutcome<CreatedCredential>> => {
      try {
        const payload = (await mutate({ organizationId, input }))?.createOrganizationCredential;
        const created =
          payload?.credential && payload.secret ? { id: payload.credential.id, secret: payload.secret } : null;
        return outcomeOfPayload(payload, created, { knownFields: CREDENTIAL_CHOICE_FIELDS });
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    [mutate],
  );
  // forget() drops the answer (secret included) the runner keeps, once the dialog is closed.
  return [create, { loading: state.loading, forget }];
}
