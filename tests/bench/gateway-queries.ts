/**
 * The questions the gateway section asks three ways: REST direct, GraphQL through our gateway, and
 * GraphQL through the peer (Hive Gateway over GraphQL Mesh's composition of /openapi.json).
 */
export interface Comparison {
  label: string;
  /** Through our gateway. Named: the gateway's metrics and logs label requests by operation name. */
  graphql: string;
  restPath: string;
  /**
   * Through the peer, selecting the same data in Mesh's names: a root field per operationId, the REST
   * body's own field names, and the success body as one member of a union with the documented error
   * bodies (hence the inline fragment). Adjust here when the OpenAPI document changes.
   */
  peerGraphql: string;
  /** Each concurrency the three are loaded at. */
  connections: number[];
}

export const ORGANIZATION: Comparison = {
  label: 'one organization with license usage (acme-health)',
  graphql:
    'query BenchOrganization { organization(id: "acme-health") { id name status licenses { userLimit activeUsers } } }',
  restPath: '/organization/acme-health?include=licenses_used',
  peerGraphql:
    'query BenchOrganization { getOrganization(id: "acme-health", include: "licenses_used") { ... on getOrganization_200_response { id name status licenses { user_limit active_users } } } }',
  connections: [1, 10],
};

/** Issue 28: the platform is asked to count seats only when a query selects them, so this is one plain GET. */
export const ORGANIZATION_NAME: Comparison = {
  label: 'one organization, id and name (acme-health)',
  graphql: 'query BenchOrganizationName { organization(id: "acme-health") { id name } }',
  restPath: '/organization/acme-health',
  peerGraphql:
    'query BenchOrganizationName { getOrganization(id: "acme-health") { ... on getOrganization_200_response { id name } } }',
  connections: [10],
};

export const USERS: Comparison = {
  label: 'first 50 of 100,000 users (scale-health)',
  graphql:
    'query BenchUsers { users(organizationId: "scale-health", limit: 50) { rows { email name role active tableauLicense } pageInfo { total } } }',
  restPath: '/user?organizationId=scale-health&limit=50',
  peerGraphql:
    'query BenchUsers { listUsers(organizationId: "scale-health", limit: 50) { ... on listUsers_200_response { data { email name role active tableauConfig { tableauLicense } } total } } }',
  // One connection answers issue 8's "first page under 30 ms median"; 50, its throughput target.
  connections: [1, 50],
};

export const ORGANIZATIONS: Comparison = {
  label: 'first 50 organizations with license usage',
  graphql:
    'query BenchOrganizations { organizations(limit: 50) { rows { id name status licenses { userLimit activeUsers } } pageInfo { total } } }',
  restPath: '/organization?limit=50&include=licenses_used',
  peerGraphql:
    'query BenchOrganizations { listOrganizations(limit: 50, include: "licenses_used") { ... on listOrganizations_200_response { data { id name status licenses { user_limit active_users } } total } } }',
  connections: [10],
};

export const SEARCH: Comparison = {
  label: 'search "mar" among 100,000 users, first 50',
  graphql:
    'query BenchUserSearch { users(organizationId: "scale-health", search: "mar", limit: 50) { rows { email name role active tableauLicense } pageInfo { total } } }',
  restPath: '/user?organizationId=scale-health&search=mar&limit=50',
  peerGraphql:
    'query BenchUserSearch { listUsers(organizationId: "scale-health", search: "mar", limit: 50) { ... on listUsers_200_response { data { email name role active tableauConfig { tableauLicense } } total } } }',
  connections: [1, 10],
};

/** In the order they are loaded: the gateway's memory is read right after USERS at 50 connections. */
export const COMPARISONS = [ORGANIZATION, ORGANIZATION_NAME, USERS, ORGANIZATIONS, SEARCH];

/** The question the floor is loaded with: the smallest, whose added latency issue 16 sets a target for. */
export const FLOOR_QUESTION = ORGANIZATION;

/** A query as the report shows it: without `query Name`. */
export const queryText = (graphql: string) => graphql.replace(/^query \w+ /, '');
