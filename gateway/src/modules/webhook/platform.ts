import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestRequest } from '../../platform/rest-types.js';

/** An organization's endpoint as the platform answers it: never its secret. */
export type RestWebhook = RestBody<'webhooks'>['data'][number];
/** An endpoint just created or its secret rotated: the only answer that ever holds the secret. */
export type RestWebhookSecret = RestBody<'createWebhook'>;
/** One delivery of an endpoint's log. */
export type RestWebhookDelivery = RestBody<'webhookDeliveries'>['data'][number];
export type RestWebhookUpdate = RestRequest<'updateWebhook'>;

export type RestWebhookStatus = RestWebhook['status'];
export type RestWebhookPauseReason = NonNullable<RestWebhook['pausedReason']>;
export type RestWebhookDeliveryStatus = RestWebhookDelivery['status'];

/** The values of the contract's enums, each as the platform spells it (enum-values.test.ts holds them to the SDL). */
export const WEBHOOK_STATUSES = ['active', 'paused'] as const satisfies readonly RestWebhookStatus[];
export const WEBHOOK_PAUSE_REASONS = ['manual', 'failing'] as const satisfies readonly RestWebhookPauseReason[];
export const WEBHOOK_DELIVERY_STATUSES = [
  'pending',
  'delivered',
  'failed',
] as const satisfies readonly RestWebhookDeliveryStatus[];

/** The operation of each endpoint action answered by the endpoint itself. */
const WEBHOOK_STATE_CALLS = { pause: 'pauseWebhook', resume: 'resumeWebhook' } as const;

/** The organization's endpoints; one GET per request (the client answers a repeated GET from its map). */
export async function listWebhooks(platform: PlatformClient, organizationId: string): Promise<RestWebhook[]> {
  return (await platform.call('webhooks', { path: { id: organizationId } })).data;
}

/** Adds an endpoint (201, with its secret); a 400 names url or events, a 409 says the limit is reached. */
export function createWebhook(
  platform: PlatformClient,
  organizationId: string,
  body: RestRequest<'createWebhook'>,
): Promise<RestWebhookSecret> {
  return platform.call('createWebhook', { path: { id: organizationId }, body });
}

/** Changes the URL or the events (only the fields given); 404 when unknown. */
export function updateWebhook(
  platform: PlatformClient,
  organizationId: string,
  webhookId: string,
  body: RestWebhookUpdate,
): Promise<RestWebhook> {
  return platform.call('updateWebhook', { path: { id: organizationId, webhookId }, body });
}

/** The endpoint actions answered by the endpoint itself: pause, resume. */
export function setWebhookState(
  platform: PlatformClient,
  organizationId: string,
  webhookId: string,
  action: 'pause' | 'resume',
): Promise<RestWebhook> {
  return platform.call(WEBHOOK_STATE_CALLS[action], { path: { id: organizationId, webhookId } });
}

/** Replaces the signing secret (the old one also signs for 24 hours); the new one is answered once. */
export function rotateWebhookSecret(
  platform: PlatformClient,
  organizationId: string,
  webhookId: string,
): Promise<RestWebhookSecret> {
  return platform.call('rotateWebhookSecret', { path: { id: organizationId, webhookId } });
}

/** Removes an endpoint and the events it had not received; answers it as it was. */
export function deleteWebhook(
  platform: PlatformClient,
  organizationId: string,
  webhookId: string,
): Promise<RestWebhook> {
  return platform.call('deleteWebhook', { path: { id: organizationId, webhookId } });
}

/** Sends a test event now and answers its delivery (status, latency, or the error). */
export function testWebhook(
  platform: PlatformClient,
  organizationId: string,
  webhookId: string,
): Promise<RestBody<'testWebhook'>> {
  return platform.call('testWebhook', { path: { id: organizationId, webhookId } });
}

/** The endpoint's latest deliveries, newest first. */
export async function listWebhookDeliveries(
  platform: PlatformClient,
  organizationId: string,
  webhookId: string,
  first: number,
): Promise<RestWebhookDelivery[]> {
  return (await platform.call('webhookDeliveries', { path: { id: organizationId, webhookId }, query: { first } })).data;
}
