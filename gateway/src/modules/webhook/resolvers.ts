import type { Resolvers, UpdateWebhookInput } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors } from '../common/input-errors.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  setWebhookState,
  testWebhook,
  updateWebhook,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_PAUSE_REASONS,
  WEBHOOK_STATUSES,
  type RestWebhookUpdate,
} from './platform.js';

/** createWebhook and updateWebhook: a refusal names `url` or `events`, which the console shows under input. */
const INPUT_FIELDS = { prefix: 'input' };
/** The endpoint's actions take top-level arguments: a refusal names `webhookId` as it is. */
const ARGUMENTS = { prefix: '' };

/**
 * The events are sent when the input has them: null (every action) and a list alike; left out,
 * unchanged. graphql-js leaves a field the caller did not write out of the input object.
 */
function toUpdateBody(input: UpdateWebhookInput): RestWebhookUpdate {
  const body: RestWebhookUpdate = {};
  if (input.url != null) body.url = input.url;
  if ('events' in input) body.events = (input.events ?? null) as RestWebhookUpdate['events'];
  return body;
}

/**
 * An organization's webhooks (issue 32): endpoints its audit events are sent to, signed. Who may list,
 * add, change, pause, resume, rotate, delete and test them is the operation table's (webhooks,
 * createWebhook…), applied by the directives (createWebhook and updateWebhook name the organization in
 * their input, which the directives read) and again by the platform. The signing secret passes through
 * once, in the created or rotated payload; nothing here logs or keeps it.
 */
export const webhookResolvers: Resolvers = {
  WebhookStatus: enumValues(WEBHOOK_STATUSES),
  WebhookPauseReason: enumValues(WEBHOOK_PAUSE_REASONS),
  WebhookDeliveryStatus: enumValues(WEBHOOK_DELIVERY_STATUSES),

  Organization: {
    webhooks: (organization, _, { platform }) => listWebhooks(platform, organization.id),
  },

  Webhook: {
    deliveries: (webhook, { first }, { platform }) =>
      listWebhookDeliveries(platform, webhook.organizationId, webhook.id, first ?? 20),
  },

  Mutation: {
    createWebhook: (_, { input }, { platform }) =>
      withFieldErrors(INPUT_FIELDS, () =>
        createWebhook(platform, input.organizationId, {
          url: input.url,
          events: (input.events ?? null) as RestWebhookUpdate['events'],
        }),
      ),
    updateWebhook: (_, { input }, { platform }) =>
      withFieldErrors(INPUT_FIELDS, async () => ({
        webhook: await updateWebhook(platform, input.organizationId, input.webhookId, toUpdateBody(input)),
      })),
    pauseWebhook: (_, { organizationId, webhookId }, { platform }) =>
      withFieldErrors(ARGUMENTS, async () => ({
        webhook: await setWebhookState(platform, organizationId, webhookId, 'pause'),
      })),
    resumeWebhook: (_, { organizationId, webhookId }, { platform }) =>
      withFieldErrors(ARGUMENTS, async () => ({
        webhook: await setWebhookState(platform, organizationId, webhookId, 'resume'),
      })),
    rotateWebhookSecret: (_, { organizationId, webhookId }, { platform }) =>
      withFieldErrors(ARGUMENTS, () => rotateWebhookSecret(platform, organizationId, webhookId)),
    deleteWebhook: (_, { organizationId, webhookId }, { platform }) =>
      withFieldErrors(ARGUMENTS, async () => ({ webhook: await deleteWebhook(platform, organizationId, webhookId) })),
    testWebhook: (_, { organizationId, webhookId }, { platform }) =>
      withFieldErrors(ARGUMENTS, async () => ({ delivery: await testWebhook(platform, organizationId, webhookId) })),
  },
};
