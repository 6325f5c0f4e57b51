import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { listBody } from '../http/lists.js';
import { responses } from '../contract/common.js';
import { outboxListBody, outboxQuery } from '../contract/dev.js';
import { listOutbox } from '../domain/outbox.js';
import type { RouteDeps } from './deps.js';

/** Environments whose mail is read from the outbox instead of being delivered. */
const OUTBOX_ENVIRONMENTS = ['local', 'testing'];

/**
 * Developer conveniences. GET /dev/outbox shows the mail the platform would have sent (password links),
 * without a token: it exists only in the local and testing environments, never elsewhere. The printed
 * document (the default, local configuration) and the contract test's platform (testing) both have it.
 */
export async function devRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  if (!OUTBOX_ENVIRONMENTS.includes(config.appEnv)) return;
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/dev/outbox',
    {
      config: { public: true },
      schema: {
        operationId: 'listOutbox',
        tags: ['dev'],
        summary: 'Mail the platform would have sent, newest first (local and testing environments only)',
        description: 'Served without a token, and only when APP_ENV is local or testing: elsewhere it is 404.',
        security: [],
        querystring: outboxQuery,
        response: responses({ 200: outboxListBody }, [400]),
      },
    },
    async (request) => {
      const { data, total } = await listOutbox(db, request.query);
      return listBody(data, total, request.query);
    },
  );
}
