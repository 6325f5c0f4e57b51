import type { Role } from '@meridian/schema';
import type { PlatformClient, Query } from '../../platform/client-types.js';

/** One field an audited write changed, with values as the platform stored them (any JSON). */
export interface RestAuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One event of GET /audit-events. */
export interface RestAuditEvent {
  id: string;
  occurredAt: string;
  actor: string;
  actorName: string | null;
  actorKind: 'user' | 'client' | 'anonymous';
  actorRole: Role | null;
  actorOrganizationId: string | null;
  action: string;
  organizationId: string | null;
  targetType: RestAuditTargetType | null;
  targetId: string | null;
  changes: RestAuditChange[];
  details: Record<string, unknown> | null;
  requestId: string | null;
  clientIp: string | null;
  /** Pass as `after` for the events older than this one. */
  cursor: string;
}

export type RestAuditTargetType = 'organization' | 'user' | 'credential' | 'provider' | 'provider-batch';

/** A page of GET /audit-events: newest first, `nextCursor` continuing it when `hasMore`. */
export interface RestAuditPage {
  data: RestAuditEvent[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** The query GET /audit-events accepts (every filter optional). */
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
