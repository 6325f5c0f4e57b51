import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestQuery } from '../../platform/rest-types.js';

/** A page of GET /audit-events: newest first, `nextCursor` continuing it when `hasMore`. */
export type RestAuditPage = RestBody<'listAuditEvents'>;

/** One event of GET /audit-events. */
export type RestAuditEvent = RestAuditPage['data'][number];

export type RestAuditTargetType = NonNullable<RestAuditEvent['targetType']>;

/**
 * The query GET /audit-events accepts (every filter optional). `action` stays text: the GraphQL filter
 * takes any, and the platform names an unknown one in its 400.
 */
export type RestAuditQuery = Omit<RestQuery<'listAuditEvents'>, 'action'> & { action?: string };

export function listAuditEvents(platform: PlatformClient, query: RestAuditQuery): Promise<RestAuditPage> {
  // An action the contract does not list is the platform's to refuse (its 400 names it), not the type's.
  return platform.call('listAuditEvents', { query: query as RestQuery<'listAuditEvents'> });
}
