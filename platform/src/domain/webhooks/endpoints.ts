import { randomBytes } from 'node:crypto';
import {
  validateWebhookEvents,
  validateWebhookUrl,
  WEBHOOK_LIMIT_REACHED,
  WEBHOOK_TEST_ACTION,
  WEBHOOK_URL_NOT_PUBLIC,
  WEBHOOKS_PER_ORGANIZATION,
} from '@meridian/schema';
import type { PlatformConfig } from '../../config.js';
import type { Webhook, WebhookDelivery } from '../../contract/webhooks.js';
import type { Database, Queryable } from '../../db/database.js';
import {
  countWebhooks,
  deleteWebhookRow,
  findWebhook,
  insertTestDelivery,
  insertWebhook,
  replaceWebhookSecret,
  rescheduleHeadDelivery,
  selectDeliveries,
  selectWebhooks,
  setWebhookPaused,
  updateWebhookTarget,
  type DeliveryLogRow,
  type WebhookRow,
  type WebhookWithCount,
} from '../../stores/webhooks.js';
import { recordAuditEvent, type AuditAction, type AuditSource } from '../audit.js';
import { assertValid, conflict, notFound } from '../errors.js';
import { sealedIn, sealedSecrets } from '../secrets/sealed-secrets.js';
import { getOrganization } from '../organizations.js';
import { ipLiteralOf, isPublicAddress } from '../outbound/address-guard.js';
import { newMessageId, newWebhookSecret, signedRequest, testMessage } from './payload.js';
import type { WebhookTransport } from './transport.js';

/**
 * An organization's webhooks (issue 32): operators and its admins add, change, pause, resume, rotate,
 * delete and test endpoints. Each write is audited in its transaction; the audit trigger of migration
 * 016 then queues that event, like any other, for the organization's endpoints.
 */

/** After a rotation the previous secret also signs this long, so a receiver switches without a refusal. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export type { Webhook, WebhookDelivery };

export type WebhookConfig = Pick<PlatformConfig, 'appEnv' | 'mfaEncryptionKeys'>;

function toWebhook(row: WebhookWithCount): Webhook {
  return {
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    // The column holds audit actions only: the REST body and the rules above let nothing else in.
    events: row.events as Webhook['events'],
    status: row.paused_at ? 'paused' : 'active',
    pausedReason: row.paused_reason,
    pausedAt: row.paused_at?.toISOString() ?? null,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    pendingCount: row.pending_count,
  };
}

function toDelivery(row: DeliveryLogRow): WebhookDelivery {
  return {
    id: String(row.id),
    messageId: row.message_id,
    action: row.action ?? WEBHOOK_TEST_ACTION,
    test: row.test,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    responseStatus: row.response_status,
    error: row.error,
    latencyMs: row.latency_ms,
  };
}

/**
 * Said in the delivery log when the endpoint's secret no longer opens: an operator removed the
 * MFA_ENCRYPTION_KEYS secret it was sealed with. No retry can help; a rotation seals a new one.
 */
export const SECRET_UNREADABLE =
  'The signing secret can no longer be read (MFA_ENCRYPTION_KEYS changed): rotate the secret, then resume';

/**
 * The secrets that sign an endpoint's deliveries now: its own, and the previous one for a day after a
 * rotation (skipped if it no longer opens). Null when its own secret no longer opens (SECRET_UNREADABLE).
 */
export async function signingSecrets(
  config: WebhookConfig,
  row: WebhookRow,
  now = new Date(),
): Promise<string[] | null> {
  const open = (sealed: string) =>
    sealedSecrets(config.mfaEncryptionKeys).open('webhook-signing', sealedIn.webhook(row.id), sealed);
  const current = await open(row.secret_sealed);
  if (current === null) return null;
  const keepsPrevious = row.previous_secret_sealed && row.previous_secret_until && row.previous_secret_until > now;
  const previous = keepsPrevious ? await open(row.previous_secret_sealed!) : null;
  return previous === null ? [current] : [current, previous];
}

/** A signing secret sealed for its endpoint's row. */
const sealWebhookSecret = (config: WebhookConfig, webhookId: string, secret: string) =>
  sealedSecrets(config.mfaEncryptionKeys).seal('webhook-signing', sealedIn.webhook(webhookId), secret);

/** An attempt that sent nothing: the endpoint's secret no longer opens. */
export const unreadableSecretOutcome = { responseStatus: null, error: SECRET_UNREADABLE, latencyMs: 0 } as const;

/**
 * What is wrong with a URL and events, by field. In production only https, and a host given as an IP
 * address must be public (a host name is checked after DNS at every delivery: address-guard.ts).
 */
function assertTarget(config: WebhookConfig, url: string | undefined, events: readonly string[] | null | undefined) {
  const production = config.appEnv === 'production';
  let urlProblem = url === undefined ? null : validateWebhookUrl(url, { httpsOnly: production });
  if (url !== undefined && urlProblem === null && production) {
    const literal = ipLiteralOf(new URL(url.trim()).hostname);
    if (literal !== null && !isPublicAddress(literal)) urlProblem = WEBHOOK_URL_NOT_PUBLIC;
  }
  assertValid([
    { param: 'url', msg: urlProblem },
    { param: 'events', msg: events === undefined ? null : validateWebhookEvents(events) },
  ]);
}

const uniqueEvents = (events: readonly string[] | null | undefined) => (events ? [...new Set(events)] : null);

const audited = (
  tx: Queryable,
  source: AuditSource,
  action: Extract<AuditAction, `webhook.${string}`>,
  row: Pick<WebhookRow, 'id' | 'organization_id' | 'url'>,
  details: Record<string, unknown> = {},
) =>
  recordAuditEvent(tx, source, {
    action,
    organizationId: row.organization_id,
    target: { type: 'organization', id: row.organization_id },
    details: { webhookId: row.id, url: row.url, ...details },
  });

async function reread(tx: Queryable, row: Pick<WebhookRow, 'organization_id' | 'id'>): Promise<Webhook> {
  return toWebhook((await findWebhook(tx, row.organization_id, row.id))!);
}

/** The organization's endpoint, locked for a change; another organization's is not found. */
async function lockedWebhook(tx: Queryable, organizationId: string, id: string): Promise<WebhookWithCount> {
  await getOrganization(tx, organizationId, true);
  const row = await findWebhook(tx, organizationId, id, true);
  if (!row) throw notFound('Webhook');
  return row;
}

export async function listWebhooks(db: Queryable, organizationId: string): Promise<Webhook[]> {
  await getOrganization(db, organizationId);
  return (await selectWebhooks(db, organizationId)).map(toWebhook);
}

export async function listWebhookDeliveries(
  db: Queryable,
  organizationId: string,
  id: string,
  first: number,
): Promise<WebhookDelivery[]> {
  await getOrganization(db, organizationId);
  if (!(await findWebhook(db, organizationId, id))) throw notFound('Webhook');
  return (await selectDeliveries(db, id, first)).map(toDelivery);
}

/** Adds an endpoint (at most WEBHOOKS_PER_ORGANIZATION); the answer holds its secret, shown once. */
export async function createWebhook(
  db: Database,
  config: WebhookConfig,
  source: AuditSource,
  organizationId: string,
  input: { url: string; events?: string[] | null },
) {
  assertTarget(config, input.url, input.events ?? null);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    // The organization's row serializes creations, so two at the limit cannot both pass the count.
    await getOrganization(tx, organizationId, true);
    if ((await countWebhooks(tx, organizationId)) >= WEBHOOKS_PER_ORGANIZATION) throw conflict(WEBHOOK_LIMIT_REACHED);
    const id = `wh_${randomBytes(9).toString('hex')}`;
    const row = {
      id,
      organization_id: organizationId,
      url: input.url.trim(),
      events: uniqueEvents(input.events),
      secret_sealed: await sealWebhookSecret(config, id, secret),
      created_by: source.actor.id,
    };
    await insertWebhook(tx, row);
    await audited(tx, source, 'webhook.create', row, { events: row.events });
    return { webhook: await reread(tx, row), secret };
  });
}

/** Changes an endpoint's URL or events; a field left out stays as it is. */
export async function updateWebhook(
  db: Database,
  config: WebhookConfig,
  source: AuditSource,
  organizationId: string,
  id: string,
  input: { url?: string; events?: string[] | null },
): Promise<Webhook> {
  assertTarget(config, input.url, input.events);
  return db.transaction(async (tx) => {
    const old = await lockedWebhook(tx, organizationId, id);
    const url = input.url?.trim() ?? old.url;
    const events = input.events === undefined ? old.events : uniqueEvents(input.events);
    if (url === old.url && JSON.stringify(events) === JSON.stringify(old.events)) return toWebhook(old);
    await updateWebhookTarget(tx, id, { url, events });
    await audited(
      tx,
      source,
      'webhook.update',
      { ...old, url },
      { events, ...(url === old.url ? {} : { previousUrl: old.url }) },
    );
    return reread(tx, old);
  });
}

/** Pauses an endpoint by hand (its events are kept); pausing a paused one changes and records nothing. */
export async function pauseWebhook(db: Database, source: AuditSource, organizationId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await lockedWebhook(tx, organizationId, id);
    if (row.paused_at) return toWebhook(row);
    await setWebhookPaused(tx, id, 'manual');
    await audited(tx, source, 'webhook.pause', row);
    return reread(tx, row);
  });
}

/** Resumes an endpoint: the events kept meanwhile go first, in order, with a fresh retry schedule. */
export async function resumeWebhook(db: Database, source: AuditSource, organizationId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await lockedWebhook(tx, organizationId, id);
    if (!row.paused_at) return toWebhook(row);
    await setWebhookPaused(tx, id, null);
    await rescheduleHeadDelivery(tx, id);
    await audited(tx, source, 'webhook.resume', row, { pausedReason: row.paused_reason });
    return reread(tx, row);
  });
}

/** A new signing secret, answered once; the previous one also signs for PREVIOUS_SECRET_MS. */
export async function rotateWebhookSecret(
  db: Database,
  config: WebhookConfig,
  source: AuditSource,
  organizationId: string,
  id: string,
) {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const row = await lockedWebhook(tx, organizationId, id);
    await replaceWebhookSecret(tx, id, await sealWebhookSecret(config, id, secret), PREVIOUS_SECRET_MS);
    await audited(tx, source, 'webhook.rotate-secret', row);
    return { webhook: await reread(tx, row), secret };
  });
}

/** Removes an endpoint with the events it had not received; answers it as it was. */
export async function deleteWebhook(db: Database, source: AuditSource, organizationId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await lockedWebhook(tx, organizationId, id);
    await deleteWebhookRow(tx, id);
    await audited(tx, source, 'webhook.delete', row);
    return toWebhook(row);
  });
}

/**
 * Sends a test event now, whatever the endpoint's state, outside the outbox (it is no audit event and
 * takes no turn among the events), and records it in the log as a test.
 */
export async function testWebhook(
  db: Database,
  config: WebhookConfig,
  transport: WebhookTransport,
  organizationId: string,
  id: string,
): Promise<WebhookDelivery> {
  await getOrganization(db, organizationId);
  const row = await findWebhook(db, organizationId, id);
  if (!row) throw notFound('Webhook');
  const messageId = newMessageId();
  const secrets = await signingSecrets(config, row);
  const outcome = secrets
    ? await transport.send(
        row.url,
        signedRequest(messageId, testMessage({ id: row.id, organizationId: row.organization_id }), secrets),
      )
    : unreadableSecretOutcome;
  try {
    return toDelivery(await insertTestDelivery(db, id, messageId, outcome));
  } catch (error) {
    // Deleted while the test was sent: there is no log left to record it in.
    if (!(await findWebhook(db, organizationId, id))) throw notFound('Webhook');
    throw error;
  }
}
