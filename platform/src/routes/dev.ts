import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { normalizeEmail } from '@meridian/schema';
import { listBody, page } from '../http/lists.js';
import { responses } from '../contract/common.js';
import { outboxListBody, outboxQuery } from '../contract/dev.js';
import type { RouteDeps } from './deps.js';

/** Environments whose mail is read from the outbox instead of being delivered. */
const OUTBOX_ENVIRONMENTS = ['local', 'testing'];

interface OutboxRow {
  /** bigserial: a string from node-postgres, a number from PGlite. */
  id: string | number;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: Date;
}

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
      const query = request.query;
      const params: unknown[] = [];
      let where = '';
      if (query.recipient !== undefined) {
        params.push(normalizeEmail(query.recipient));
        where = 'WHERE recipient = $1';
      }
      const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox ${where}`, params)).rows[0]!
        .n;
      const { rows } = await db.query<OutboxRow>(
        `SELECT id, recipient, subject, body, link, created_at FROM outbox ${where} ORDER BY id DESC${page(query, params)}`,
        params,
      );
      const data = rows.map((row) => ({
        id: Number(row.id),
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        link: row.link,
        createdAt: row.created_at.toISOString(),
      }));
      return listBody(data, total, query);
    },
  );
}
