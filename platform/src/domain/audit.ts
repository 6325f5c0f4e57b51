import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  USER_TEXT_FIELDS,
  type AuditAction,
  type AuditTargetType,
  type Role,
} from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import type { AuditQuery } from '../contract/audit.js';
import {
  encodeCursor,
  insertAuditEvents,
  selectAuditEvents,
  type AuditActorKind,
  type AuditChange,
  type StoredAuditEvent,
} from '../stores/audit.js';
import { activeTraceId } from '../observability/trace-context.js';

/**
 * The audit trail (issue 7). Every write the REST API accepts records exactly one event, in the same
 * transaction as the write, so an event is never lost and never recorded for a write that failed.
 * Sign-in attempts record one too. Events are append-only (migration 005 refuses UPDATE and DELETE).
 */
// The actions and target types are the shared contract's (@meridian/schema's audit.ts: one list for
// the platform, the gateway and the console); re-exported so the routes keep importing them from here.
export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType };

/** Who acted: a signed-in user, an internal tool (client credentials), or someone not signed in. */
export interface AuditActor {
  /** The user's email, the client id, or for anonymous calls the email they named. */
  id: string;
  kind: AuditActorKind;
  role: Role | null;
  organizationId: string | null;
}

/** Where the request came from, as the gateway forwarded it (app.ts reads it). */
export interface AuditOrigin {
  requestId: string | null;
  clientIp: string | null;
}

/** The actor and origin of one request: what every event of that request shares. */
export interface AuditSource {
  actor: AuditActor;
  origin: AuditOrigin;
}

// A field before and after: the store's column shape (stores/audit.ts), which reads it back.
export type { AuditChange };

export interface AuditEventInput {
  action: AuditAction;
  /** The tenant the event belongs to (an Org Admin sees only their own's); null for none known. */
  organizationId: string | null;
  target: { type: AuditTargetType; id: string | null };
  changes?: AuditChange[];
  details?: Record<string, unknown>;
}

/**
 * Fields whose before and after values the trail keeps, per target type (REST field names, dotted
 * paths; `*` stands for any one key). Anything else, a password hash or a credential's secret hash
 * included, never reaches an event.
 */
export const AUDITED_FIELDS: Readonly<Record<'organization' | 'user' | 'credential', readonly string[]>> = {
  organization: [
    'id',
    'name',
    'status',
    'active',
    'domain',
    'callbackUrls',
    'primaryContact.name',
    'primaryContact.email',
    'preferences.bi_portal.default_states',
    'onboarding.bi.portal_url',
    'customer_segment',
    'medicare_licensed',
    'licenses.user_limit',
    'licenses.tableau_user_licenses.explorer_count',
    'licenses.tableau_user_licenses.viewer_count',
    'licenses.products.*.enabled',
    'requireMfa',
    'sso.protocol',
    'sso.ssoOnly',
    'sso.defaultRole',
    'sso.trustIdpMfa',
    'sso.adminEmergencyAccess',
    'sso.issuer',
    'sso.clientId',
    'sso.idpEntityId',
    'sso.idpSsoUrl',
    'sso.idpMetadataUrl',
  ],
  user: [
    'email',
    'organizationId',
    'name',
    'alternateEmail',
    ...USER_TEXT_FIELDS.map(({ field }) => field),
    'role',
    'active',
    'direct_data_access_enabled',
    'tableauConfig.tableauLicense',
  ],
  credential: ['id', 'organizationId', 'userEmail', 'credential_enabled'],
};

/** A second guard behind the allow-list: a key that names a secret is dropped wherever it appears. */
const SECRET_KEY = /password|secret|token|hash|authorization|cookie/i;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Leaves of a record by dotted path; arrays are leaves (a domain list changes as a whole). */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (!isPlainObject(value)) {
    if (prefix) into.set(prefix, value);
    return into;
  }
  for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

function allowed(patterns: readonly string[], path: string): boolean {
  if (path.split('.').some((part) => SECRET_KEY.test(part))) return false;
  const parts = path.split('.');
  return patterns.some((pattern) => {
    const expected = pattern.split('.');
    return expected.length === parts.length && expected.every((part, i) => part === '*' || part === parts[i]);
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The audited fields that differ between `before` and `after` (REST shapes of one record; null for a
 * record created or gone), in the order the record lists them.
 */
export function auditChanges(
  targetType: keyof typeof AUDITED_FIELDS,
  before: object | null,
  after: object | null,
): AuditChange[] {
  const patterns = AUDITED_FIELDS[targetType];
  const old = flatten(before);
  const now = flatten(after);
  const paths = [...new Set([...old.keys(), ...now.keys()])].filter((path) => allowed(patterns, path));
  return paths
    .filter((path) => !same(old.get(path) ?? null, now.get(path) ?? null))
    .map((path) => ({ field: path, before: old.get(path) ?? null, after: now.get(path) ?? null }));
}

/** Details without any key that names a secret, however deep. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, child]) => [key, withoutSecrets(child)]),
  );
}

/**
 * Appends one event. Call it with the transaction of the write it records. A user actor's name is read
 * in the same statement, so the trail keeps the name they had when they acted.
 */
export async function recordAuditEvent(tx: Queryable, source: AuditSource, event: AuditEventInput): Promise<void> {
  await recordAuditEvents(tx, source, [event]);
}

/**
 * Appends several events of one source, in order, in one statement: a bulk action records each row it
 * changed without a round trip per row (10,000 users in one request).
 */
export async function recordAuditEvents(
  tx: Queryable,
  source: AuditSource,
  events: readonly AuditEventInput[],
): Promise<void> {
  if (events.length === 0) return;
  await insertAuditEvents(
    tx,
    // The request's trace, so a person goes from an audit entry to its trace.
    { ...source, traceId: activeTraceId() },
    events.map((event) => ({
      action: event.action,
      organizationId: event.organizationId,
      targetType: event.target.type,
      targetId: event.target.id,
      changes: JSON.stringify(event.changes ?? []),
      details: event.details === undefined ? null : JSON.stringify(withoutSecrets(event.details)),
    })),
  );
}

/** The actor of a call made without a token (sign-in, forgotten password): the email they named. */
export function anonymousActor(email: string): AuditActor {
  return { id: email, kind: 'anonymous', role: null, organizationId: null };
}

/** An event as the REST API answers it (GET /audit-events, and the data of a webhook message). */
export function toAuditEvent(row: StoredAuditEvent) {
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
    traceId: row.trace_id,
    cursor: encodeCursor(row),
  };
}

/**
 * Newest first, keyset-paged on (occurred_at, id): every filter has an index ending in that order
 * (migration 005), so a page costs the same at the millionth event as at the first.
 */
export async function listAuditEvents(db: Queryable, query: AuditQuery, organizationId: string | undefined) {
  const rows = await selectAuditEvents(db, query, organizationId);
  const hasMore = rows.length > query.first;
  const data = rows.slice(0, query.first).map(toAuditEvent);
  return { data, nextCursor: hasMore ? data[data.length - 1]!.cursor : null, hasMore };
}
