import { useFreshQuery } from '../../../../apollo/useFreshQuery.js';
import { graphql } from '../../../../gql/index.js';

/** A user's active sign-in sessions, newest first. Not persisted (apollo/type-policies.ts). */
export const UserSignInSessionsQuery = graphql(`
  query UserSignInSessions($email: Email!) {
    user(email: $email) {
      email
      sessions {
        id
        startedAt
        lastUsedAt
        userAgent
        browser
        operatingSystem
        ipAddress
        methods
        identityProvider
        current
      }
    }
  }
`);

/** A user's sessions (userSessions: one's own, or user:read-password-reset-meta); skipped otherwise. */
export function useSignInSessions(email: string, allowed: boolean) {
  // Sessions start and end elsewhere all the time: a read older than ten seconds is asked again.
  return useFreshQuery(UserSignInSessionsQuery, { variables: { email }, skip: !allowed, staleTimeMs: 10_000 });
}
