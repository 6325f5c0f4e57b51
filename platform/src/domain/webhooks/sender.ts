import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { PlatformConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import {
  dueHeadDelivery,
  findAuditEvent,
  leaseDueWebhook,
  markAttemptFailed,
  markDelivered,
  releaseLease,
  renewLease,
  lockWebhookPaused,
  setWebhookPaused,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '../../stores/webhooks.js';
import { recordAuditEvent, toAuditEvent } from '../audit.js';
import { PLATFORM_ACTOR } from '../jobs.js';
import { signingSecrets, unreadableSecretOutcome } from './endpoints.js';
import { eventMessage, signedRequest } from './payload.js';
import { createTransport, DELIVERY_TIMEOUT_MS, type WebhookTransport } from './transport.js';
import { logFailure } from '../../observability/error-log.js';

/**
 * Sends the outbox (migration 016) to the endpoints, at least once and in order per endpoint. Every
 * replica runs one. To send, a replica takes an endpoint's lease in one short statement, then sends its
 * oldest pending delivery with no transaction open (PGlite has one connection; PostgreSQL would hold a
 * connection and row locks for as long as an endpoint takes to answer), records the outcome, and goes on
 * in id order while they succeed. A replica killed mid-send leaves the lease to run out; another then
 * sends the same delivery again, with the same webhook-id, so the receiver drops the duplicate.
 */

/** Far longer than one attempt (DELIVERY_TIMEOUT_MS): a lease renewed before each send never runs out mid-send. */
export const LEASE_MS = 30_000;
/** Endpoints sent to at once by one replica. */
export const SENDER_CONCURRENCY = 4;

export type SenderConfig = Pick<
  PlatformConfig,
  'appEnv' | 'mfaEncryptionKeys' | 'webhookRetryDelaysMs' | 'webhookPollMs'
>;

export interface SenderOptions {
  /** This replica's name in webhooks.leased_by. */
  holder?: string;
  leaseMs?: number;
  concurrency?: number;
}

interface Sending {
  db: Database;
  config: SenderConfig;
  transport: WebhookTransport;
  holder: string;
  leaseMs: number;
  signal: AbortSignal;
}

/** The message of a delivery; undefined when its event is gone (it never is: the trail is append-only). */
async function messageOf(db: Database, delivery: WebhookDeliveryRow) {
  const event = delivery.event_id === null ? undefined : await findAuditEvent(db, delivery.event_id);
  return event && eventMessage(toAuditEvent(event));
}

/**
 * The schedule is spent: the endpoint is paused (its deliveries kept for a resume) and the pause is
 * audited in the platform's name, so the organization's admins see it in Activity.
 */
async function pauseFailing(db: Database, endpoint: WebhookRow): Promise<void> {
  await db.transaction(async (tx) => {
    // Gone or already paused (a manual pause meanwhile): nothing to pause or audit.
    if ((await lockWebhookPaused(tx, endpoint.id)) !== false) return;
    await setWebhookPaused(tx, endpoint.id, 'failing');
    await recordAuditEvent(
      tx,
      { actor: PLATFORM_ACTOR, origin: { requestId: null, clientIp: null } },
      {
        action: 'webhook.failing',
        organizationId: endpoint.organization_id,
        target: { type: 'organization', id: endpoint.organization_id },
        details: { webhookId: endpoint.id, url: endpoint.url },
      },
    );
  });
}

/** Sends one delivery and records how it went; true when it was delivered. */
async function attempt(sending: Sending, endpoint: WebhookRow, delivery: WebhookDeliveryRow): Promise<boolean> {
  const { db, config, transport, signal } = sending;
  const secrets = await signingSecrets(config, endpoint);
  const message = secrets && (await messageOf(db, delivery));
  const outcome = !secrets
    ? unreadableSecretOutcome
    : message
      ? await transport.send(endpoint.url, signedRequest(delivery.message_id, message, secrets), signal)
      : { responseStatus: null, error: 'The audit event of this delivery is gone', latencyMs: 0 };
  if (outcome.error === null) {
    await markDelivered(db, delivery.id, outcome);
    return true;
  }
  // attempts counts the attempt just made: after the n-th failure the n-th delay, if the schedule has one.
  // A secret that does not open is not retried: only a rotation mends it.
  const retryInMs = secrets ? (config.webhookRetryDelaysMs[delivery.attempts] ?? null) : null;
  await markAttemptFailed(db, delivery.id, outcome, retryInMs);
  if (retryInMs === null) await pauseFailing(db, endpoint);
  return false;
}

/** Sends one leased endpoint's due deliveries in order until one fails, none is due, or the lease is lost. */
async function drainEndpoint(sending: Sending, leased: WebhookRow): Promise<void> {
  const { db, holder, leaseMs, signal } = sending;
  try {
    for (;;) {
      if (signal.aborted) return;
      // Re-read before each send: a pause, a new URL or secret, a deletion or a lost lease applies now.
      const endpoint = await renewLease(db, leased.id, holder, leaseMs);
      if (!endpoint) return;
      const delivery = await dueHeadDelivery(db, endpoint.id);
      if (!delivery || !(await attempt(sending, endpoint, delivery))) return;
    }
  } finally {
    await releaseLease(db, leased.id, holder).catch(() => undefined);
  }
}

/**
 * Starts sending: every `webhookPollMs` it leases due endpoints, up to `concurrency` at a time. The
 * returned function stops it: sends under way are abandoned (not recorded: sent again later, with the
 * same webhook-id) and its promise settles once every lease is released (await it before closing the
 * database).
 */
export function startWebhookSender(
  db: Database,
  config: SenderConfig,
  options: SenderOptions = {},
): () => Promise<void> {
  const stop = new AbortController();
  const transport = createTransport({ guard: config.appEnv === 'production' });
  const sending: Sending = {
    db,
    config,
    transport,
    holder: options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    leaseMs: Math.max(options.leaseMs ?? LEASE_MS, DELIVERY_TIMEOUT_MS + 5_000),
    signal: stop.signal,
  };
  const concurrency = options.concurrency ?? SENDER_CONCURRENCY;
  const running = new Set<Promise<void>>();
  let polling = false;

  const poll = async () => {
    while (!stop.signal.aborted && running.size < concurrency) {
      const leased = await leaseDueWebhook(db, sending.holder, sending.leaseMs);
      if (!leased) return;
      const work = drainEndpoint(sending, leased)
        .catch((error: unknown) => {
          if (!stop.signal.aborted) logFailure(`Sending to webhook ${leased.id} failed`, error);
        })
        .finally(() => {
          running.delete(work);
          // A free slot: look again now rather than at the next tick, so a backlog flows.
          tick();
        });
      running.add(work);
    }
  };
  const tick = () => {
    if (polling || stop.signal.aborted) return;
    polling = true;
    poll()
      .catch((error: unknown) => logFailure('Looking for webhook deliveries failed', error))
      .finally(() => {
        polling = false;
      });
  };
  const timer = setInterval(tick, config.webhookPollMs);
  // The sender alone must not keep the process alive.
  timer.unref();
  return async () => {
    clearInterval(timer);
    stop.abort();
    while (running.size > 0 || polling) await Promise.allSettled([...running, new Promise((r) => setTimeout(r, 10))]);
    await transport.close();
  };
}
