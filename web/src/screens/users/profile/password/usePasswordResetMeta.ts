import { useFreshQuery } from '../../../../apollo/useFreshQuery.js';
import { graphql } from '../../../../gql/index.js';

export const UserPasswordResetMetaQuery = graphql(`
  query UserPasswordResetMeta($email: Email!) {
    user(email: $email) {
      email
      passwordResetMeta {
        lastResetRequestedAt
        passwordChangedAt
        expiresAt
      }
    }
  }
`);

/** A user's password dates (user:read-password-reset-meta); skipped for those who may not read them. */
export function usePasswordResetMeta(email: string, allowed: boolean) {
  return useFreshQuery(UserPasswordResetMetaQuery, { variables: { email }, skip: !allowed });
}
