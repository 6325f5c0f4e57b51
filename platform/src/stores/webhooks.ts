import type { Queryable } from '../db/database.js';
import type { StoredAuditEvent } from './audit.js';

/** An organization's endpoint as stored (migration 016), with its pending deliveries counted. */
export interface WebhookRow {
  id: string;
  organization_id: string;
  url: string;
  events: string[] | null;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | null;
  paused_at: Date | null;
  paused_reason: 'manual' | 'failing' | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  lease_until: Date | null;
  leased_by: string | null;
}

export type WebhookWithCount = WebhookRow & { pending_count: number };

export interface WebhookDeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string | null;
  test: boolean;
  message_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  response_status: number | null;
  error: string | null;
  latency_ms: number | null;
  delivered_at: Date | null;
}

/** How one attempt went: the endpoint's status (null: no answer), why it failed, how long it took. */
export interface AttemptOutcome {
  responseStatus: number | null;
  error: string | null;
  latencyMs: number;
}

const PENDING_COUNT = `(SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'pending')`;

export async function selectWebhooks(db: Queryable, organizationId: string): Promise<WebhookWithCount[]> {
  const { rows } = await db.query<WebhookWithCount>(
    `SELECT w.*, ${PENDING_COUNT} AS pending_count FROM webhooks w
      WHERE w.organization_id = $1 ORDER BY w.created_at, w.id`,
    [organizationId],
  );
  return rows;
}

export async function findWebhook(
  db: Queryable,
  organizationId: string,
  id: string,
  forUpdate = false,
): Promise<WebhookWithCount | undefined> {
  // FOR UPDATE cannot lock a row beside an aggregate: lock first, count in the outer query.
  const { rows } = await db.query<WebhookWithCount>(
    `WITH target AS (SELECT * FROM webhooks WHERE organization_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''})
     SELECT w.*, ${PENDING_COUNT} AS pending_count FROM target w`,
    [organizationId, id],
  );
  return rows[0];
}

export async function countWebhooks(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE organization_id = $1', [
    organizationId,
  ]);
  return rows[0]!.n;
}

export async function insertWebhook(
  db: Queryable,
  row: Pick<WebhookRow, 'id' | 'organization_id' | 'url' | 'events' | 'secret_sealed' | 'created_by'>,
): Promise<void> {
  await db.query(
    `INSERT INTO webhooks (id, organization_id, url, events, secret_sealed, created_by) VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.id, row.organization_id, row.url, row.events, row.secret_sealed, row.created_by],
  );
}

export async function updateWebhookTarget(
  db: Queryable,
  id: string,
  change: { url: string; events: string[] | null },
): Promise<void> {
  await db.query('UPDATE webhooks SET url = $2, events = $3, updated_at = now() WHERE id = $1', [
    id,
    change.url,
    change.events,
  ]);
}

/** Pauses (with a reason) or resumes an endpoint. */
/** Locks the endpoint's row for the rest of the transaction; whether it is paused, or undefined when gone. */
export async function lockWebhookPaused(tx: Queryable, id: string): Promise<boolean | undefined> {
  const { rows } = await tx.query<{ paused: boolean }>(
    'SELECT paused_at IS NOT NULL AS paused FROM webhooks WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0]?.paused;
}

export async function setWebhookPaused(db: Queryable, id: string, reason: 'manual' | 'failing' | null): Promise<void> {
  await db.query(
    `UPDATE webhooks SET paused_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, paused_reason = $2,
            updated_at = now() WHERE id = $1`,
    [id, reason],
  );
}

/** A new secret; the current one keeps signing until `previousUntil`. */
export async function replaceWebhookSecret(db: Queryable, id: string, sealed: string, keepMs: number): Promise<void> {
  await db.query(
    `UPDATE webhooks SET previous_secret_sealed = secret_sealed, secret_sealed = $2,
            previous_secret_until = now() + $3::int * interval '1 millisecond', updated_at = now() WHERE id = $1`,
    [id, sealed, keepMs],
  );
}

export async function deleteWebhookRow(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM webhooks WHERE id = $1', [id]);
}

/**
 * The oldest pending delivery is due now, with a fresh schedule: a resumed endpoint sends the events
 * kept meanwhile first, and a failure then gets every retry again.
 */
export async function rescheduleHeadDelivery(db: Queryable, webhookId: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET next_attempt_at = now(), attempts = 0
      WHERE id = (SELECT min(id) FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending')`,
    [webhookId],
  );
}

export type DeliveryLogRow = WebhookDeliveryRow & { action: string | null };

/** An endpoint's latest deliveries, newest first, with the action each carries (null: a test event). */
export async function selectDeliveries(db: Queryable, webhookId: string, first: number): Promise<DeliveryLogRow[]> {
  const { rows } = await db.query<DeliveryLogRow>(
    `SELECT d.*, e.action FROM webhook_deliveries d LEFT JOIN audit_events e ON e.id = d.event_id
      WHERE d.webhook_id = $1 ORDER BY d.id DESC LIMIT $2`,
    [webhookId, first],
  );
  return rows;
}

/** A test event's delivery, recorded once sent: it never waits in the outbox. */
export async function insertTestDelivery(
  db: Queryable,
  webhookId: string,
  messageId: string,
  outcome: AttemptOutcome,
): Promise<DeliveryLogRow> {
  const delivered = outcome.error === null;
  const { rows } = await db.query<DeliveryLogRow>(
    `INSERT INTO webhook_deliveries (webhook_id, test, message_id, status, attempts, last_attempt_at, response_status,
                                     error, latency_ms, delivered_at)
     VALUES ($1, true, $2, $3, 1, now(), $4, $5, $6, CASE WHEN $7 THEN now() END)
     RETURNING *, NULL::text AS action`,
    [
      webhookId,
      messageId,
      delivered ? 'delivered' : 'failed',
      outcome.responseStatus,
      outcome.error,
      outcome.latencyMs,
      delivered,
    ],
  );
  return rows[0]!;
}

/**
 * Takes the lease of one active endpoint whose oldest pending delivery is due and whose lease is free
 * (or ran out: its holder died), in one statement: replicas skip endpoints another is taking.
 */
export async function leaseDueWebhook(db: Queryable, holder: string, leaseMs: number): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `UPDATE webhooks SET lease_until = now() + $2::int * interval '1 millisecond', leased_by = $1
      WHERE id = (
        SELECT w.id FROM webhooks w
          JOIN LATERAL (SELECT d.next_attempt_at FROM webhook_deliveries d
                         WHERE d.webhook_id = w.id AND d.status = 'pending' ORDER BY d.id LIMIT 1) head ON true
         WHERE w.paused_at IS NULL AND (w.lease_until IS NULL OR w.lease_until < now()) AND head.next_attempt_at <= now()
         ORDER BY head.next_attempt_at LIMIT 1
           FOR UPDATE OF w SKIP LOCKED)
      RETURNING *`,
    [holder, leaseMs],
  );
  return rows[0];
}

/** Extends a lease still held, on an endpoint still active; undefined when it was lost, paused or deleted. */
export async function renewLease(
  db: Queryable,
  id: string,
  holder: string,
  leaseMs: number,
): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `UPDATE webhooks SET lease_until = now() + $3::int * interval '1 millisecond'
      WHERE id = $1 AND leased_by = $2 AND lease_until > now() AND paused_at IS NULL RETURNING *`,
    [id, holder, leaseMs],
  );
  return rows[0];
}

export async function releaseLease(db: Queryable, id: string, holder: string): Promise<void> {
  await db.query('UPDATE webhooks SET lease_until = NULL, leased_by = NULL WHERE id = $1 AND leased_by = $2', [
    id,
    holder,
  ]);
}

/** The endpoint's oldest pending delivery, when it is due. */
export async function dueHeadDelivery(db: Queryable, webhookId: string): Promise<WebhookDeliveryRow | undefined> {
  const { rows } = await db.query<WebhookDeliveryRow>(
    `SELECT * FROM (SELECT * FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending' ORDER BY id LIMIT 1) head
      WHERE next_attempt_at <= now()`,
    [webhookId],
  );
  return rows[0];
}

/** One audit event in the columns the audit trail's REST mapping reads (domain/audit.ts toAuditEvent). */
export async function findAuditEvent(db: Queryable, id: string): Promise<StoredAuditEvent | undefined> {
  const { rows } = await db.query<StoredAuditEvent>(
    `SELECT e.*, e.id::text AS event_id, (extract(epoch FROM e.occurred_at) * 1000000)::bigint::text AS occurred_us
       FROM audit_events e WHERE e.id = $1`,
    [id],
  );
  return rows[0];
}

export async function markDelivered(db: Queryable, id: string, outcome: AttemptOutcome): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, last_attempt_at = now(),
            delivered_at = now(), response_status = $2, error = NULL, latency_ms = $3
      WHERE id = $1 AND status = 'pending'`,
    [id, outcome.responseStatus, outcome.latencyMs],
  );
}

/** A failed attempt; retried after `retryInMs`, or (null) kept pending until its endpoint is resumed. */
export async function markAttemptFailed(
  db: Queryable,
  id: string,
  outcome: AttemptOutcome,
  retryInMs: number | null,
): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = now(), response_status = $2, error = $3,
            latency_ms = $4, next_attempt_at = CASE WHEN $5::int IS NULL THEN next_attempt_at
                                                    ELSE now() + $5::int * interval '1 millisecond' END
      WHERE id = $1 AND status = 'pending'`,
    [id, outcome.responseStatus, outcome.error, outcome.latencyMs, retryInMs],
  );
}

/** The log keeps a month: delivered deliveries and failed test events older than that go. */
export async function deleteOldDeliveries(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND created_at < now() - interval '30 days'`,
  );
}
