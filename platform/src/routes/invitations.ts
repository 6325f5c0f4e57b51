import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { NOT_INVITED_MESSAGE, grantableRoles, normalizeEmail } from '@meridian/schema';
import { auditSourceOf, principalOf } from '../http/request.js';
import { emailParam, messageBody, responses } from '../contract/common.js';
import { resentInvitationBody } from '../contract/invitations.js';
import { invitationView, pendingInvitations, removeInvitedUser, sendInvitation } from '../domain/invitations.js';
import { findUser, userInScope, type UserRow } from '../domain/users.js';
import { recordAuditEvent } from '../domain/audit.js';
import type { Principal } from '../http/auth.js';
import type { Queryable } from '../db/database.js';
import { conflict, forbidden } from '../http/errors.js';
import type { RouteDeps } from './deps.js';

/**
 * The invited user `email`, if `principal` may create users in their organization (the permission of
 * invitations, schema/src/operations.ts) and grant their role; read again under lock inside `tx`.
 */
async function invitedUser(
  tx: Queryable,
  principal: Principal,
  operation: 'resendInvitation' | 'revokeInvitation',
  email: string,
): Promise<UserRow> {
  await userInScope(tx, principal, operation, email);
  const user = (await findUser(tx, email, true))!;
  // As for activation: users above the caller's grant (an operator's system roles) are not theirs to touch.
  if (!grantableRoles(principal.role).includes(user.role)) throw forbidden();
  if (!user.invited) throw conflict(NOT_INVITED_MESSAGE);
  return user;
}

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
      return db.transaction(async (tx) => {
        const user = await invitedUser(tx, principalOf(request), 'resendInvitation', email);
        await sendInvitation(tx, config, user);
        const target = { type: 'user', id: email } as const;
        await recordAuditEvent(tx, auditSourceOf(request), {
          action: 'invitation.resend',
          organizationId: user.organization_id,
          target,
        });
        const pending = (await pendingInvitations(tx, [email])).get(email) ?? null;
        return { email, invitation: invitationView(pending, new Date())! };
      });
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
      await db.transaction(async (tx) => {
        const user = await invitedUser(tx, principalOf(request), 'revokeInvitation', email);
        await removeInvitedUser(tx, auditSourceOf(request), email, user.organization_id);
      });
      return { message: `The invitation of ${email} was revoked and the invited user removed.` };
    },
  );
}
