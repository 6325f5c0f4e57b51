import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { authorize } from '../http/access.js';
import { auditSourceOf, principalOf } from '../http/request.js';
import { BODY_ERRORS, organizationIdParam, responses } from '../contract/common.js';
import {
  webhookBody,
  webhookCreateBody,
  webhookDeliveryBody,
  webhookDeliveryListBody,
  webhookDeliveryQuery,
  webhookListBody,
  webhookParams,
  webhookSecretBody,
  webhookUpdateBody,
} from '../contract/webhooks.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  pauseWebhook,
  resumeWebhook,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
} from '../domain/webhooks/endpoints.js';
import { createTransport } from '../domain/webhooks/transport.js';
import type { RouteDeps } from './deps.js';

const TAGS = ['organizations'];
const ID_ERRORS = [400, 401, 403, 404] as const;

/**
 * An organization's webhooks (issue 32): operators and its admins manage the endpoints its audit events
 * are sent to (domain/webhooks/sender.ts sends them) and read each one's delivery log.
 */
export async function webhookRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // Test events go out from the request, through the same guard as deliveries.
  const transport = createTransport({ guard: config.appEnv === 'production' });
  app.addHook('onClose', () => transport.close());

  app.get(
    '/organization/:id/webhooks',
    {
      schema: {
        operationId: 'webhooks',
        tags: TAGS,
        summary: 'The organization’s webhook endpoints, oldest first',
        params: organizationIdParam,
        response: responses({ 200: webhookListBody }, ID_ERRORS),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'webhooks', { organizationId: request.params.id });
      return { data: await listWebhooks(db, request.params.id) };
    },
  );

  app.post(
    '/organization/:id/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        tags: TAGS,
        summary: 'Add an endpoint for the organization’s audit events; its signing secret is answered once',
        params: organizationIdParam,
        body: webhookCreateBody,
        response: responses({ 201: webhookSecretBody }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      authorize(principalOf(request), 'createWebhook', { organizationId: request.params.id });
      const created = await createWebhook(db, config, auditSourceOf(request), request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/organization/:id/webhooks/:webhookId',
    {
      schema: {
        operationId: 'updateWebhook',
        tags: TAGS,
        summary: 'Change an endpoint’s URL or the events it receives',
        params: webhookParams,
        body: webhookUpdateBody,
        response: responses({ 200: webhookBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      authorize(principalOf(request), 'updateWebhook', { organizationId: id });
      return updateWebhook(db, config, auditSourceOf(request), id, webhookId, request.body);
    },
  );

  const moves = [
    {
      path: 'pause',
      operationId: 'pauseWebhook',
      act: pauseWebhook,
      summary: 'Stop sending to an endpoint; its events are kept, in order',
    },
    {
      path: 'resume',
      operationId: 'resumeWebhook',
      act: resumeWebhook,
      summary: 'Send again to a paused endpoint, the events kept meanwhile first',
    },
  ] as const;
  for (const { path, operationId, summary, act } of moves) {
    app.post(
      `/organization/:id/webhooks/:webhookId/${path}`,
      {
        schema: {
          operationId,
          tags: TAGS,
          summary,
          params: webhookParams,
          response: responses({ 200: webhookBody }, ID_ERRORS),
        },
      },
      async (request) => {
        const { id, webhookId } = request.params;
        authorize(principalOf(request), operationId, { organizationId: id });
        return act(db, auditSourceOf(request), id, webhookId);
      },
    );
  }

  app.post(
    '/organization/:id/webhooks/:webhookId/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: TAGS,
        summary: 'Replace the signing secret, answered once; the old one also signs for 24 hours',
        params: webhookParams,
        response: responses({ 200: webhookSecretBody }, ID_ERRORS),
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      authorize(principalOf(request), 'rotateWebhookSecret', { organizationId: id });
      return rotateWebhookSecret(db, config, auditSourceOf(request), id, webhookId);
    },
  );

  app.post(
    '/organization/:id/webhooks/:webhookId/test',
    {
      schema: {
        operationId: 'testWebhook',
        tags: TAGS,
        summary: 'Send a test event (webhook.test) now and answer how the endpoint took it',
        params: webhookParams,
        response: responses({ 200: webhookDeliveryBody }, ID_ERRORS),
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      authorize(principalOf(request), 'testWebhook', { organizationId: id });
      return testWebhook(db, config, transport, id, webhookId);
    },
  );

  app.delete(
    '/organization/:id/webhooks/:webhookId',
    {
      schema: {
        operationId: 'deleteWebhook',
        tags: TAGS,
        summary: 'Remove an endpoint and the events it had not received; answers it as it was',
        params: webhookParams,
        response: responses({ 200: webhookBody }, ID_ERRORS),
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      authorize(principalOf(request), 'deleteWebhook', { organizationId: id });
      return deleteWebhook(db, auditSourceOf(request), id, webhookId);
    },
  );

  app.get(
    '/organization/:id/webhooks/:webhookId/deliveries',
    {
      schema: {
        operationId: 'webhookDeliveries',
        tags: TAGS,
        summary: 'An endpoint’s latest deliveries, newest first: the delivery log',
        params: webhookParams,
        querystring: webhookDeliveryQuery,
        response: responses({ 200: webhookDeliveryListBody }, ID_ERRORS),
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      authorize(principalOf(request), 'webhookDeliveries', { organizationId: id });
      return { data: await listWebhookDeliveries(db, id, webhookId, request.query.first) };
    },
  );
}
