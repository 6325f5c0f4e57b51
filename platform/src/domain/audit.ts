import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType, type Role } from '@meridian/schema';
import type { Queryable } from '../db/database.js';

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
  kind: 'user' | 'client' | 'anonymous';
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

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

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
const AUDITED_FIELDS: Readonly<Record<'organization' | 'user' | 'credential', readonly string[]>> = {
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
  ],
  user: [
    'email',
    'organizationId',
    'name',
    'alternateEmail',
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
  const { actor, origin } = source;
  const column = <T>(pick: (event: AuditEventInput) => T) => events.map(pick);
  await tx.query(
    `INSERT INTO audit_events (actor, actor_kind, actor_name, actor_role, actor_organization_id, action,
                               organization_id, target_type, target_id, changes, details, request_id, client_ip)
     SELECT $1, $2, CASE WHEN $2 = 'user' THEN (SELECT name FROM users WHERE email = $1) END, $3, $4, e.action,
            e.organization_id, e.target_type, e.target_id, e.changes::jsonb, e.details::jsonb, $5, $6
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
      column((event) => event.target.type),
      column((event) => event.target.id),
      column((event) => JSON.stringify(event.changes ?? [])),
      column((event) => (event.details === undefined ? null : JSON.stringify(withoutSecrets(event.details)))),
    ],
  );
}

/** The actor of a call made without a token (sign-in, forgotten password): the email they named. */
export function anonymousActor(email: string): AuditActor {
  return { id: email, kind: 'anonymous', role: null, organizationId: null };
}
