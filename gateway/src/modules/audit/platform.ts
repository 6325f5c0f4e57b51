import type { PlatformClient, Query } from '../../platform/client-types.js';
import type { RestBody } from '../../platform/rest-types.js';

/** A page of GET /audit-events: newest first, `nextCursor` continuing it when `hasMore`. */
export type RestAuditPage = RestBody<'listAuditEvents'>;

/** One event of GET /audit-events. */
export type RestAuditEvent = RestAuditPage['data'][number];

export type RestAuditTargetType = NonNullable<RestAuditEvent['targetType']>;

/**
 * The query GET /audit-events accepts (every filter optional). `action` stays text: the GraphQL filter
 * takes any, and the platform names an unknown one in its 400.
 */
export interface RestAuditQuery extends Query {
  organizationId?: string;
  actor?: string;
  targetType?: RestAuditTargetType;
  targetId?: string;
  action?: string;
  from?: string;
  to?: string;
  after?: string;
  first?: number;
}

export function listAuditEvents(platform: PlatformClient, query: RestAuditQuery): Promise<RestAuditPage> {
  return platform.get<RestAuditPage>('/audit-events', query);
}
