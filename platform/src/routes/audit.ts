import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { isSystemRole, normalizeEmail, type Role } from '@meridian/schema';
import { principalOf } from '../app.js';
import type { Queryable } from '../db/database.js';
import type { AuditActor, AuditAction, AuditChange, AuditTargetType } from '../domain/audit.js';
import { authorize } from '../http/access.js';
import { assertValid } from '../http/errors.js';
import { responses } from '../contract/common.js';
import { auditPageBody, auditQuery, type AuditQuery } from '../contract/audit.js';
import type { RouteDeps } from './deps.js';

export { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, type AuditQuery } from '../contract/audit.js';

export const INVALID_CURSOR_MESSAGE = 'The cursor is not valid. Start again from the first page.';

export interface AuditEventRow {
  event_id: string;
  /** occurred_at in whole microseconds since the epoch (text: exact, unlike a JS Date). */
  occurred_us: string;
  occurred_at: Date;
  actor: string;
  actor_kind: string;
  actor_name: string | null;
  actor_role: string | null;
  actor_organization_id: string | null;
  action: string;
  organization_id: string | null;
  target_type: string | null;
  target_id: string | null;
  changes: AuditChange[];
  details: Record<string, unknown> | null;
  request_id: string | null;
  client_ip: string | null;
}

/** A row as the table's CHECK constraints keep it: each kind, role, action and target type one of ours. */
interface StoredAuditEvent extends AuditEventRow {
  actor_kind: AuditActor['kind'];
  actor_role: Role | null;
  action: AuditAction;
  target_type: AuditTargetType | null;
}

/** A page's position: an opaque string that is base64url of "occurred microseconds.id". */
export function encodeCursor(row: Pick<AuditEventRow, 'occurred_us' | 'event_id'>): string {
  return Buffer.from(`${row.occurred_us}.${row.event_id}`).toString('base64url');
}

// What PostgreSQL can hold: a bigint id, and a time within timestamptz's range (4713 BC to 294276 AD,
// in microseconds from 1970), so a forged cursor is a 400 rather than an overflow in the database.
const MAX_ID = 2n ** 63n - 1n;
const MIN_OCCURRED_US = -210_000_000_000_000_000n;
const MAX_OCCURRED_US = 9_000_000_000_000_000_000n;

export function decodeCursor(cursor: string): { occurredUs: string; id: string } | null {
  const match = /^(-?\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  const [occurredUs, id] = [BigInt(match[1]!), BigInt(match[2]!)];
  if (occurredUs < MIN_OCCURRED_US || occurredUs > MAX_OCCURRED_US || id > MAX_ID) return null;
  return { occurredUs: match[1]!, id: match[2]! };
}

function toAuditEvent(row: StoredAuditEvent) {
  return {
    id: row.event_id,
    occurredAt: row.occurred_at.toISOString(),
    actor: row.actor,
    actorName: row.actor_name,
    actorKind: row.actor_kind,
    actorRole: row.actor_role,
    actorOrganizationId: row.actor_organization_id,
    action: row.action,
    organizationId: row.organization_id,
    targetType: row.target_type,
    targetId: row.target_id,
    changes: row.changes,
    details: row.details,
    requestId: row.request_id,
    clientIp: row.client_ip,
    cursor: encodeCursor(row),
  };
}

/** Emails are stored lowercase; client ids, organization ids and NPIs are compared as given. */
const normalizedId = (value: string) => (value.includes('@') ? normalizeEmail(value) : value.trim());

/** The SQL of one page: filters as parameters, newest first, one row more than asked (is there more?). */
export function eventsQuery(query: AuditQuery, organizationId: string | undefined): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const where = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (organizationId !== undefined) where((n) => `organization_id = ${n}`, organizationId);
  if (query.actor !== undefined) where((n) => `actor = ${n}`, normalizedId(query.actor));
  if (query.targetType !== undefined) where((n) => `target_type = ${n}`, query.targetType);
  if (query.targetId !== undefined) where((n) => `target_id = ${n}`, normalizedId(query.targetId));
  if (query.action !== undefined) where((n) => `action = ${n}`, query.action);
  if (query.from !== undefined) where((n) => `occurred_at >= ${n}`, query.from);
  if (query.to !== undefined) where((n) => `occurred_at < ${n}`, query.to);
  if (query.after !== undefined) {
    const cursor = decodeCursor(query.after);
    assertValid([{ param: 'after', msg: cursor ? null : INVALID_CURSOR_MESSAGE }]);
    params.push(cursor!.occurredUs, cursor!.id);
    const [us, id] = [`$${params.length - 1}`, `$${params.length}`];
    conditions.push(
      `(occurred_at, id) < ('epoch'::timestamptz + ${us}::bigint * interval '1 microsecond', ${id}::bigint)`,
    );
  }
  params.push(query.first + 1);
  // The id is answered as text under another name: ORDER BY id must mean the column (bigint, indexed),
  // not an output column of the same name.
  const sql = `SELECT id::text AS event_id, (extract(epoch FROM occurred_at) * 1000000)::bigint::text AS occurred_us,
            occurred_at, actor, actor_kind, actor_name, actor_role, actor_organization_id, action, organization_id,
            target_type, target_id, changes, details, request_id, client_ip
       FROM audit_events ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
      ORDER BY occurred_at DESC, id DESC LIMIT $${params.length}`;
  return { sql, params };
}

/**
 * Newest first, keyset-paged on (occurred_at, id): every filter has an index ending in that order
 * (migration 005), so a page costs the same at the millionth event as at the first.
 */
async function findEvents(db: Queryable, query: AuditQuery, organizationId: string | undefined) {
  const { sql, params } = eventsQuery(query, organizationId);
  const { rows } = await db.query<StoredAuditEvent>(sql, params);
  const hasMore = rows.length > query.first;
  const data = rows.slice(0, query.first).map(toAuditEvent);
  return { data, nextCursor: hasMore ? data[data.length - 1]!.cursor : null, hasMore };
}

export async function auditRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/audit-events',
    {
      schema: {
        operationId: 'listAuditEvents',
        tags: ['audit'],
        summary: 'The audit trail, newest first, filtered and cursor-paged',
        description:
          'System roles read every event; an Org Admin only their own organization’s (organizationId defaults to it, another is 403). `from` is inclusive, `to` exclusive.',
        querystring: auditQuery,
        response: responses({ 200: auditPageBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const asked = request.query.organizationId;
      authorize(principal, 'auditEvents', { organizationId: asked ?? principal.organizationId });
      // Org roles are held to their own organization whatever they asked; system roles filter as asked.
      const organizationId = isSystemRole(principal.role) ? asked : principal.organizationId;
      return findEvents(db, request.query, organizationId);
    },
  );
}
