import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { normalizeEmail } from '@meridian/schema';
import { callerOf } from '../http/request.js';
import { emailParam, messageBody, responses } from '../contract/common.js';
import { resentInvitationBody } from '../contract/invitations.js';
import { resendInvitation, revokeInvitation } from '../domain/invitations.js';
import type { RouteDeps } from './deps.js';

/** Resend and revoke an invitation (issue 18); creating a user without a password sends the first. */
export async function invitationRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/user/:email/invitation',
    {
      schema: {
        operationId: 'resendInvitation',
        tags: ['users'],
        summary: 'Mail an invited user a new link (7 days); the earlier link stops working',
        params: emailParam,
        response: responses({ 200: resentInvitationBody }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const email = normalizeEmail(request.params.email);
      return resendInvitation(db, callerOf(request), email, config);
    },
  );

  app.delete(
    '/user/:email/invitation',
    {
      schema: {
        operationId: 'revokeInvitation',
        tags: ['users'],
        summary: 'Withdraw a pending invitation: its link stops working and the invited user is removed',
        params: emailParam,
        response: responses(
          { 200: { description: 'The invitation was withdrawn and the invited user removed', ...messageBody } },
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request) => {
      const email = normalizeEmail(request.params.email);
      await revokeInvitation(db, callerOf(request), email);
      return { message: `The invitation of ${email} was revoked and the invited user removed.` };
    },
  );
}
