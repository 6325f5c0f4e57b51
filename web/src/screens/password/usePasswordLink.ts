import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.js';

const PasswordLinkQuery = graphql(`
  query PasswordLink($token: String!) {
    passwordLink(token: $token) {
      email
      invitation
      expiresAt
    }
  }
`);

/** What the page knows of an emailed link: still asking, usable (its account), unusable, or not known (no answer). */
export type PasswordLinkState =
  | { kind: 'loading' }
  | { kind: 'usable'; email: string; invitation: boolean }
  | { kind: 'unusable' }
  | { kind: 'unknown' };

/**
 * Whose account the link's token sets a password for, asked without using the link (issue 39: the page
 * names the account, the sign-in after it fills the email in). Not cached: the token is a secret.
 */
export function usePasswordLink(token: string): PasswordLinkState {
  const { data, error, loading } = useQuery(PasswordLinkQuery, {
    variables: { token },
    skip: !token,
    fetchPolicy: 'no-cache',
  });
  if (loading) return { kind: 'loading' };
  if (error || !data) return { kind: 'unknown' };
  const link = data.passwordLink;
  return link ? { kind: 'usable', email: String(link.email), invitation: link.invitation } : { kind: 'unusable' };
}
