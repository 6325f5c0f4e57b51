import type { Queryable } from '../db/database.js';

// What the sweepers have yet to do, for /metrics at every scrape: each query is one scan of a partial
// index (running jobs, pending deliveries), cheap enough to run every few seconds.

export interface OverdueJobs {
  /** Lifecycle jobs still running after their last step was due: the sweeper should have ended them. */
  count: number;
  /** How long past its due time the most overdue one is; 0 when none. */
  seconds: number;
}

export async function selectOverdueJobs(db: Queryable): Promise<OverdueJobs> {
  const { rows } = await db.query<OverdueJobs>(
    `SELECT count(*)::int AS count,
            coalesce(max(extract(epoch FROM now() - due)), 0)::float8 AS seconds
       FROM (SELECT started_at + jsonb_array_length(steps) * step_ms * interval '1 millisecond' AS due
               FROM organization_jobs WHERE status = 'in_progress') jobs
      WHERE due < now()`,
  );
  return rows[0]!;
}

export interface WebhookBacklog {
  /** Deliveries not yet delivered, on endpoints that are not paused. */
  pending: number;
  /** Deliveries kept for paused endpoints (sent once resumed). */
  pendingPaused: number;
  /** Seconds the longest-waiting due head of an active endpoint's queue has waited; 0 when none is due. */
  oldestDueSeconds: number;
  /** Endpoints paused because their deliveries failed for a day. */
  pausedFailing: number;
}

// Deliveries go out in order per endpoint, so only the head of each endpoint's queue can be due: the
// rows behind a head that is backing off wait for it, not for the sender.
export async function selectWebhookBacklog(db: Queryable): Promise<WebhookBacklog> {
  const { rows } = await db.query<WebhookBacklog>(
    `SELECT coalesce(sum(counts.pending) FILTER (WHERE w.paused_at IS NULL), 0)::int AS "pending",
            coalesce(sum(counts.pending) FILTER (WHERE w.paused_at IS NOT NULL), 0)::int AS "pendingPaused",
            coalesce(max(extract(epoch FROM now() - head.next_attempt_at))
                       FILTER (WHERE w.paused_at IS NULL AND head.next_attempt_at <= now()), 0)::float8
              AS "oldestDueSeconds",
            count(*) FILTER (WHERE w.paused_reason = 'failing')::int AS "pausedFailing"
       FROM webhooks w
       LEFT JOIN LATERAL (SELECT count(*) AS pending FROM webhook_deliveries d
                           WHERE d.webhook_id = w.id AND d.status = 'pending') counts ON true
       LEFT JOIN LATERAL (SELECT d.next_attempt_at FROM webhook_deliveries d
                           WHERE d.webhook_id = w.id AND d.status = 'pending' ORDER BY d.id LIMIT 1) head ON true`,
  );
  return rows[0]!;
}
