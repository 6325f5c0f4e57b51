import { AUDIT_ACTION_INFO, isAuditAction, WEBHOOK_TEST_ACTION } from '@meridian/schema';
import type { OrganizationWebhooksQuery } from '../../../../gql/graphql.js';

/** An endpoint as the Webhooks tab lists it. */
export type WebhookRow = NonNullable<OrganizationWebhooksQuery['organization']>['webhooks'][number];

/** The words for "every action": an endpoint whose events are null. */
export const EVERY_EVENT = 'Every event';

/** An audit action's label ("User created"), the test event's own words, or the action itself. */
export function actionLabel(action: string): string {
  if (action === WEBHOOK_TEST_ACTION) return 'Test event';
  return isAuditAction(action) ? AUDIT_ACTION_INFO[action].label : action;
}

/** What an endpoint receives, in words: every event, or its actions' labels. */
export const eventsText = (events: readonly string[] | null | undefined): string =>
  events == null ? EVERY_EVENT : events.map(actionLabel).join(', ');

/** Paused by the platform after a day of failed deliveries: the admins must be told. */
export const isFailing = (webhook: Pick<WebhookRow, 'status' | 'pausedReason'>): boolean =>
  webhook.status === 'PAUSED' && webhook.pausedReason === 'FAILING';

/** The warning a failing endpoint shows, in words: what happened and what to do. */
export const failingWarning = (url: string): string =>
  `Deliveries to ${url} failed for a day, so it was paused. Events are kept: fix the endpoint, then Resume.`;

/** An endpoint's state in a word or two. */
export function statusText(webhook: Pick<WebhookRow, 'status' | 'pausedReason'>): string {
  if (webhook.status === 'ACTIVE') return 'Active';
  return isFailing(webhook) ? 'Paused (failing)' : 'Paused';
}

/** How a delivery (a test event's, or one of the log) went, in one sentence. */
export function deliveryOutcome(delivery: {
  status: string;
  responseStatus?: number | null;
  latencyMs?: number | null;
  error?: string | null;
}): string {
  const http = delivery.responseStatus == null ? '' : `HTTP ${delivery.responseStatus}`;
  const latency = delivery.latencyMs == null ? '' : `${delivery.latencyMs} ms`;
  const facts = [http, latency].filter(Boolean).join(', ');
  if (delivery.status === 'DELIVERED') return `Delivered${facts ? ` (${facts})` : ''}.`;
  const why = delivery.error ?? 'The endpoint did not accept it.';
  return `Not delivered${facts ? ` (${facts})` : ''}: ${why}`;
}

/** A delivery's status in a word, for the log. */
export const DELIVERY_STATUS_TEXT: Readonly<Record<string, string>> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};
