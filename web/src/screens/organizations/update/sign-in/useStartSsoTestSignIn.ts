import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../../gql/index.js';
import { runMutation, type MutationOutcome } from '../../../../components/mutation-outcome.js';

const StartSsoTestSignInDocument = graphql(`
  mutation StartSsoTestSignIn($id: ID!) {
    startOrganizationSsoTestSignIn(id: $id) {
      testSignIn {
        url
        state
        expiresAt
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** A test sign-in begun: where to send the browser. */
export interface TestSignInStart {
  url: string;
  state: string;
}

/** Starts a test sign-in through the saved connection (nobody is signed in or created). */
export function useStartSsoTestSignIn(): [
  (id: string) => Promise<MutationOutcome<TestSignInStart>>,
  { loading: boolean },
] {
  const [mutate, { loading }] = useMutation(StartSsoTestSignInDocument);
  const start = useCallback(
    (id: string) =>
      runMutation(
        () => mutate({ variables: { id } }),
        (result) => ({
          payload: result.data?.startOrganizationSsoTestSignIn,
          value: result.data?.startOrganizationSsoTestSignIn.testSignIn,
        }),
        { knownFields: [] },
      ),
    [mutate],
  );
  return [start, { loading }];
}
