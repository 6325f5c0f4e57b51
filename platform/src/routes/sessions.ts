import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { normalizeEmail } from '@meridian/schema';
import { revocationsAfter } from '../domain/sessions.js';
import { listUserSessions, revokeSession, revokeUserSessions } from '../domain/user-sessions.js';
import { authorize } from '../http/access.js';
import { callerOf, principalOf } from '../http/request.js';
import { BODY_ERRORS, emailParam, responses } from '../contract/common.js';
import {
  revocationFeedBody,
  revocationFeedQuery,
  revokedBody,
  revokeSessionsRequest,
  sessionIdParam,
  sessionListBody,
} from '../contract/sessions.js';
import type { RouteDeps } from './deps.js';

export async function sessionRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/users/:email/sessions',
    {
      schema: {
        operationId: 'listUserSessions',
        tags: ['sessions'],
        summary: 'A user’s active sign-in sessions (anyone reads their own), newest first',
        params: emailParam,
        response: responses({ 200: sessionListBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const email = normalizeEmail(request.params.email);
      const sessions = await listUserSessions(db, callerOf(request), email, principalOf(request).sessionId);
      return { sessions };
    },
  );

  app.post(
    '/users/:email/sessions/revoke',
    {
      schema: {
        operationId: 'revokeUserSessions',
        tags: ['sessions'],
        summary: 'Sign a user out everywhere (anyone may sign themselves out, or out of their other sessions)',
        description:
          'Every access token of the ended sessions is refused at once by the REST API, and within a second by every gateway; their refresh tokens stop working.',
        params: emailParam,
        body: revokeSessionsRequest,
        response: responses({ 200: revokedBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const email = normalizeEmail(request.params.email);
      const revoked = await revokeUserSessions(db, callerOf(request), email, {
        exceptCurrent: request.body.exceptCurrent ?? false,
        currentSid: principalOf(request).sessionId,
      });
      return { revoked };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        operationId: 'revokeSession',
        tags: ['sessions'],
        summary: 'End one sign-in session: one’s own, or one of a user the caller may sign out',
        description: 'Another tenant’s session, one the caller may not end and an unknown id all answer 404.',
        params: sessionIdParam,
        response: responses({ 200: revokedBody }, [400, 401, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'revokeSession');
      await revokeSession(db, callerOf(request), request.params.id);
      return { revoked: 1 };
    },
  );

  app.get(
    '/session-revocations',
    {
      // Served without a token: the gateways follow it (each replica polls it several times a second)
      // and hold no credentials of their own. It lists only the random ids of sessions that have
      // ended: no email, no address, nothing that signs anyone in (a session's id is not its cookie,
      // and a token naming it is refused). The REST API is reached only on the internal network.
      config: { public: true },
      schema: {
        operationId: 'listSessionRevocations',
        tags: ['sessions'],
        summary: 'Sessions ended recently, after a cursor: the feed every gateway follows',
        description:
          'Served without a token. Entries are kept while an access token of the session could still be valid (retainSeconds); older ones are not listed.',
        security: [],
        querystring: revocationFeedQuery,
        response: responses({ 200: revocationFeedBody }, [400]),
      },
    },
    async (request) => revocationsAfter(db, request.query.after ?? 0),
  );
}
