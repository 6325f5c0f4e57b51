import type { FromSchema } from 'json-schema-to-ts';
import { AUDIT_ACTIONS, WEBHOOK_URL_MAX_LENGTH } from '@meridian/schema';
import { isoDateTime } from './common.js';

/** The audit actions an endpoint receives; null: every action. */
const webhookEvents = {
  type: ['array', 'null'],
  items: { type: 'string', enum: AUDIT_ACTIONS },
  maxItems: AUDIT_ACTIONS.length,
  description: 'The audit actions sent; null: every action.',
} as const;

/** An endpoint as answered: never its secret. */
export const webhookBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    organizationId: { type: 'string' },
    url: { type: 'string' },
    events: webhookEvents,
    status: { type: 'string', enum: ['active', 'paused'] },
    pausedReason: { type: ['string', 'null'], enum: ['manual', 'failing', null] },
    pausedAt: { type: ['string', 'null'], format: 'date-time' },
    createdBy: { type: 'string' },
    createdAt: isoDateTime,
    pendingCount: { type: 'integer', description: 'Events waiting to be delivered (retrying, or kept while paused).' },
  },
  required: [
    'id',
    'organizationId',
    'url',
    'events',
    'status',
    'pausedReason',
    'pausedAt',
    'createdBy',
    'createdAt',
    'pendingCount',
  ],
} as const;

export type Webhook = FromSchema<typeof webhookBody>;

export const webhookListBody = {
  type: 'object',
  additionalProperties: false,
  properties: { data: { type: 'array', items: webhookBody } },
  required: ['data'],
} as const;

/** An endpoint created or its secret rotated: the only answer that ever holds the secret. */
export const webhookSecretBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    webhook: webhookBody,
    secret: { type: 'string', description: 'The signing secret (whsec_…), shown once.' },
  },
  required: ['webhook', 'secret'],
} as const;

export const webhookCreateBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // Longer than the rule's maximum, so the domain answers in its own words, naming the field.
    url: { type: 'string', maxLength: WEBHOOK_URL_MAX_LENGTH * 2 },
    events: webhookEvents,
  },
  required: ['url'],
  examples: [{ url: 'https://siem.example.com/meridian', events: ['user.create', 'user.deactivate'] }],
} as const;

/** A change of URL or events; a field left out stays as it is. */
export const webhookUpdateBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    url: { type: 'string', maxLength: WEBHOOK_URL_MAX_LENGTH * 2 },
    events: webhookEvents,
  },
  examples: [{ events: null }],
} as const;

export const webhookParams = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    webhookId: { type: 'string', minLength: 1, maxLength: 64 },
  },
  required: ['id', 'webhookId'],
} as const;

/** One delivery of the log: an event (or a test event) sent to an endpoint, with its attempts. */
export const webhookDeliveryBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    messageId: { type: 'string', description: 'The webhook-id header, the same at every attempt.' },
    action: { type: 'string', description: 'The audit action delivered; webhook.test for a test event.' },
    test: { type: 'boolean' },
    status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    createdAt: isoDateTime,
    lastAttemptAt: { type: ['string', 'null'], format: 'date-time' },
    nextAttemptAt: { type: ['string', 'null'], format: 'date-time', description: 'Pending only.' },
    responseStatus: { type: ['integer', 'null'] },
    error: { type: ['string', 'null'] },
    latencyMs: { type: ['integer', 'null'] },
  },
  required: [
    'id',
    'messageId',
    'action',
    'test',
    'status',
    'attempts',
    'createdAt',
    'lastAttemptAt',
    'nextAttemptAt',
    'responseStatus',
    'error',
    'latencyMs',
  ],
} as const;

export type WebhookDelivery = FromSchema<typeof webhookDeliveryBody>;

export const webhookDeliveryListBody = {
  type: 'object',
  additionalProperties: false,
  properties: { data: { type: 'array', items: webhookDeliveryBody } },
  required: ['data'],
} as const;

export const webhookDeliveryQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { first: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
} as const;
