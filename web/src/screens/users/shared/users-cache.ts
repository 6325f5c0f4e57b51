import type { ApolloCache } from '@apollo/client';

/** The arguments Apollo keeps in a field's store name: `users({"organizationId":"acme",…})`. */
function argumentsOf(storeFieldName: string): Record<string, unknown> | null {
  const open = storeFieldName.indexOf('(');
  if (open < 0) return null;
  try {
    return JSON.parse(storeFieldName.slice(open + 1, -1)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * After a user is created: the cached pages of the organization's users (and the searches across
 * every organization) no longer hold, nor does its license usage. They are evicted, not refetched;
 * a list shown again asks for its page. Pages of other organizations stay.
 */
export function evictUserLists(cache: ApolloCache, organizationId: string): void {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      users(value: unknown, { storeFieldName, DELETE }) {
        const args = argumentsOf(storeFieldName);
        const owner = args?.organizationId;
        return owner === undefined || owner === null || owner === organizationId ? DELETE : value;
      },
    },
  });
  const organization = cache.identify({ __typename: 'Organization', id: organizationId });
  if (organization) {
    cache.evict({ id: organization, fieldName: 'users' });
    cache.evict({ id: organization, fieldName: 'licenses' });
  }
  cache.gc();
}
