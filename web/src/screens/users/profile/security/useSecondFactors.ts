import { useFreshQuery } from '../../../../apollo/useFreshQuery.js';
import { graphql } from '../../../../gql/index.js';

/** Which second factors a user has; never a secret. Not persisted (apollo/type-policies.ts). */
export const UserSecondFactorsQuery = graphql(`
  query UserSecondFactors($email: Email!) {
    user(email: $email) {
      email
      mfa {
        enrolled
        kinds
        passkeyCount
        recoveryCodesLeft
      }
    }
  }
`);

/** A user's second factors (userMfa: one's own, or user:read-password-reset-meta); skipped otherwise. */
export function useSecondFactors(email: string, allowed: boolean) {
  return useFreshQuery(UserSecondFactorsQuery, { variables: { email }, skip: !allowed });
}
