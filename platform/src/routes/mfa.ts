import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { normalizeEmail } from '@meridian/schema';
import { callerOf } from '../http/request.js';
import { resetUserMfa, userMfa } from '../domain/mfa/factors.js';
import { BODY_ERRORS, emailParam, noContent, responses } from '../contract/common.js';
import { userMfaBody } from '../contract/mfa.js';
import type { RouteDeps } from './deps.js';

/**
 * A user's second factors as their administrators see and reset them (issue 29). The person's own
 * factors are managed on the provider's account security page, never through this API.
 */
export async function mfaRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/users/:email/mfa',
    {
      schema: {
        operationId: 'getUserMfa',
        tags: ['users'],
        summary: 'Which second factors a user has (kinds and counts, never a secret); anyone reads their own',
        params: emailParam,
        response: responses({ 200: userMfaBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => userMfa(db, callerOf(request), normalizeEmail(request.params.email)),
  );

  app.post(
    '/users/:email/mfa/reset',
    {
      schema: {
        operationId: 'resetUserMfa',
        tags: ['users'],
        summary: "Remove a user's second factors and recovery codes, and end their sessions",
        description:
          'The user sets up a factor again at their next sign-in when their organization (or, in production, their operator role) requires one. Nobody resets their own (409): one changes one’s own factors on the account security page, which asks for one of them first.',
        params: emailParam,
        response: responses({ 204: noContent }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      await resetUserMfa(db, callerOf(request), normalizeEmail(request.params.email));
      return reply.status(204).send(null);
    },
  );
}
