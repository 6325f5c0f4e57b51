import { describeAuditEvent } from '@meridian/schema';
import type {
  AuditActorKind,
  AuditEvent,
  AuditEventConnection,
  AuditTargetType,
} from '../../generated/resolvers-types.js';
import type { RestAuditEvent, RestAuditPage, RestAuditTargetType } from './platform.js';

const ACTOR_KINDS: Record<RestAuditEvent['actorKind'], AuditActorKind> = {
  user: 'USER',
  client: 'CLIENT',
  anonymous: 'ANONYMOUS',
  connection: 'CONNECTION',
  directory: 'DIRECTORY',
};

const TARGET_TYPES: Record<RestAuditTargetType, AuditTargetType> = {
  organization: 'ORGANIZATION',
  user: 'USER',
  credential: 'CREDENTIAL',
  provider: 'PROVIDER',
  'provider-batch': 'PROVIDER_BATCH',
};

/** The REST value of a target type argument. */
export function restTargetType(type: AuditTargetType): RestAuditTargetType {
  const entry = Object.entries(TARGET_TYPES).find(([, value]) => value === type);
  return entry![0] as RestAuditTargetType;
}

/** A stored value as the contract's text: strings as they are, null as null, anything else as JSON. */
export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function toAuditEvent(event: RestAuditEvent): AuditEvent {
  return {
    id: event.id,
    occurredAt: event.occurredAt,
    actor: event.actor,
    actorName: event.actorName,
    actorKind: ACTOR_KINDS[event.actorKind],
    actorRole: event.actorRole,
    actorOrganizationId: event.actorOrganizationId,
    action: event.action,
    organizationId: event.organizationId,
    targetType: event.targetType ? TARGET_TYPES[event.targetType] : null,
    targetId: event.targetId,
    changes: event.changes.map((change) => ({
      field: change.field,
      before: asText(change.before),
      after: asText(change.after),
    })),
    details: Object.entries(event.details ?? {}).map(([name, value]) => ({ name, value: asText(value) ?? 'null' })),
    requestId: event.requestId,
    clientIp: event.clientIp,
    traceId: event.traceId,
    summary: describeAuditEvent(event),
  };
}

/** A REST page as the contract's connection: edges with their cursors, the nodes, where the page ends. */
export function toConnection(page: RestAuditPage): AuditEventConnection {
  const edges = page.data.map((event) => ({ cursor: event.cursor, node: toAuditEvent(event) }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: { endCursor: page.data.at(-1)?.cursor ?? null, hasNextPage: page.hasMore },
  };
}
