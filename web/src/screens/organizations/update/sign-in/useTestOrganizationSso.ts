import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import type { OrganizationSsoInput } from '../../../../gql/graphql.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { SIGN_IN_FIELDS } from './sign-in-form.js';

const TestOrganizationSsoDocument = graphql(`
  mutation TestOrganizationSso($id: ID!, $input: OrganizationSsoInput!) {
    testOrganizationSso(id: $id, input: $input) {
      test {
        ok
        message
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** What checking a connection found, in words an operator can act on. */
export interface ConnectionTest {
  ok: boolean;
  message: string;
}

/** Checks a connection as the form says it, saving nothing: the OIDC discovery document or the SAML metadata. */
export function useTestOrganizationSso(): [
  (id: string, input: OrganizationSsoInput) => Promise<MutationOutcome<ConnectionTest>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(TestOrganizationSsoDocument);
  const test = useCallback(
    (id: string, input: OrganizationSsoInput) =>
      runMutation(
        () => mutate({ variables: { id, input } }),
        (result) => ({
          payload: result.data?.testOrganizationSso,
          value: result.data?.testOrganizationSso.test,
        }),
        { knownFields: SIGN_IN_FIELDS },
      ),
    [mutate],
  );
  return [test, { loading }];
}
