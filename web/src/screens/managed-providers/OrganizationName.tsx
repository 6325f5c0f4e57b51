import { Classes } from '@blueprintjs/core';
import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { graphql } from '../../gql/index.js';
import { mayDo } from '../../session/access.js';
import { useSessionUser } from '../../session/useSessionUser.js';

const OrganizationNameQuery = graphql(`
  query ManagedProvidersOrganizationName($id: ID!) {
    organization(id: $id) {
      id
      name
    }
  }
`);

export interface OrganizationNameProps {
  organizationId: string;
}

/**
 * The organization whose providers are shown: the user's own (its name comes with the session), or for
 * an operator any other (looked up; operators may read every organization).
 */
export function OrganizationName({ organizationId }: OrganizationNameProps) {
  const { user } = useSessionUser();
  const own = user?.organizationId === organizationId;
  const { data, loading } = useFreshQuery(OrganizationNameQuery, {
    variables: { id: organizationId },
    skip: own || !mayDo(user, 'organization', { organizationId }),
  });
  if (own) return <>{user?.organizationName ?? organizationId}</>;
  if (loading && !data) return <span className={Classes.SKELETON}>{organizationId}</span>;
  return <>{data?.organization?.name ?? organizationId}</>;
}
