import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_TEST_ACTION } from '@meridian/schema';

/**
 * What an endpoint receives, per the Standard Webhooks specification: a JSON body
 * `{type, timestamp, data}` and the webhook-id, webhook-timestamp and webhook-signature headers.
 */

/** Standard Webhooks' secret format: whsec_ and base64 of 24 random bytes (192 bits). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** A webhook-id for a test event, in the form migration 016 gives deliveries. */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`;

export const USER_AGENT = 'Meridian-Webhooks/1.0';

export interface WebhookMessage {
  type: string;
  timestamp: string;
  data: unknown;
}

/** An audit event's message: `data` is the event as GET /audit-events answers it. */
export const eventMessage = (event: { action: string; occurredAt: string }): WebhookMessage => ({
  type: event.action,
  timestamp: event.occurredAt,
  data: event,
});

/** "Send test event": not an audit event, so it has no audit shape; it names the endpoint it tests. */
export const testMessage = (webhook: { id: string; organizationId: string }, now = new Date()): WebhookMessage => ({
  type: WEBHOOK_TEST_ACTION,
  timestamp: now.toISOString(),
  data: { webhookId: webhook.id, organizationId: webhook.organizationId, message: 'A test event from Meridian.' },
});

/**
 * The body and headers of one attempt, signed with each secret given (after a rotation the new one and
 * the previous one: webhook-signature lists both, separated by a space, and a receiver accepts either).
 */
export function signedRequest(
  messageId: string,
  message: WebhookMessage,
  secrets: readonly string[],
  now = new Date(),
) {
  const body = JSON.stringify(message);
  const signature = secrets.map((secret) => new Webhook(secret).sign(messageId, now, body)).join(' ');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}
