import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../../gql/index.js';
import type { AccessCounts } from './lifecycle-view.js';

const OrganizationAccessQuery = graphql(`
  query OrganizationAccess($id: ID!) {
    organization(id: $id) {
      id
      access {
        activeUsers
        signedInPeople
        sessions
        enabledCredentials
        scimTokens
      }
    }
  }
`);

/**
 * Who and what reaches the organization now (what offboarding ends), asked of the server each time
 * `enabled` turns on (the offboard dialog opens): who is signed in changes by the minute. Null while
 * unknown (loading, or refused), so the dialog can speak in general words.
 */
export function useOrganizationAccess(organizationId: string, enabled: boolean): AccessCounts | null {
  const { data } = useQuery(OrganizationAccessQuery, {
    variables: { id: organizationId },
    skip: !enabled,
    fetchPolicy: 'network-only',
  });
  return (enabled && data?.organization?.access) || null;
}
