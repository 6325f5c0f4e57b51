import { normalizeEmail, type AuditAction, type AuditTargetType, type Role } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import type { AuditQuery } from '../contract/audit.js';
import { assertValid } from '../domain/errors.js';

/** The kinds of actor the actor_kind column holds (its CHECK constraint, migration 005). */
export type AuditActorKind = 'user' | 'client' | 'anonymous' | 'connection' | 'directory';

/** One entry of the changes column: a field before and after. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Who acted and from where, as the audit_events columns hold it. */
export interface AuditSourceColumns {
  actor: { id: string; kind: string; role: Role | null; organizationId: string | null };
  origin: { requestId: string | null; clientIp: string | null };
  /** The OpenTelemetry trace of the request that recorded the events; null when tracing is off. */
  traceId: string | null;
}

/** One event's own columns; changes and details already JSON text, secrets already dropped. */
export interface AuditEventColumns {
  action: string;
  organizationId: string | null;
  targetType: string;
  targetId: string | null;
  changes: string;
  details: string | null;
}

/**
 * Appends events of one source, in order, in one statement. A user actor's name is read in the same
 * statement, so the trail keeps the name they had when they acted.
 */
export async function insertAuditEvents(
  tx: Queryable,
  source: AuditSourceColumns,
  events: readonly AuditEventColumns[],
): Promise<void> {
  const { actor, origin } = source;
  const column = <T>(pick: (event: AuditEventColumns) => T) => events.map(pick);
  await tx.query(
    `INSERT INTO audit_events (actor, actor_kind, actor_name, actor_role, actor_organization_id, action,
                               organization_id, target_type, target_id, changes, details, request_id, client_ip,
                               trace_id)
     SELECT $1, $2, CASE WHEN $2 = 'user' THEN (SELECT name FROM users WHERE email = $1) END, $3, $4, e.action,
            e.organization_id, e.target_type, e.target_id, e.changes::jsonb, e.details::jsonb, $5, $6, $13
       FROM unnest($7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
              WITH ORDINALITY AS e(action, organization_id, target_type, target_id, changes, details, n)
      ORDER BY e.n`,
    [
      actor.id,
      actor.kind,
      actor.role,
      actor.organizationId,
      origin.requestId,
      origin.clientIp,
      column((event) => event.action),
      column((event) => event.organizationId),
      column((event) => event.targetType),
      column((event) => event.targetId),
      column((event) => event.changes),
      column((event) => event.details),
      source.traceId,
    ],
  );
}

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
  trace_id: string | null;
}

/** A row as the table's CHECK constraints keep it: each kind, role, action and target type one of ours. */
export interface StoredAuditEvent extends AuditEventRow {
  actor_kind: AuditActorKind;
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
            target_type, target_id, changes, details, request_id, client_ip, trace_id
       FROM audit_events ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
      ORDER BY occurred_at DESC, id DESC LIMIT $${params.length}`;
  return { sql, params };
}

/** One page of events and the row after it when there is one (is there more?). */
export async function selectAuditEvents(
  db: Queryable,
  query: AuditQuery,
  organizationId: string | undefined,
): Promise<StoredAuditEvent[]> {
  const { sql, params } = eventsQuery(query, organizationId);
  return (await db.query<StoredAuditEvent>(sql, params)).rows;
}
