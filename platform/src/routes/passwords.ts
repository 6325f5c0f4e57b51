import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { normalizeEmail } from '@meridian/schema';
import { auditSourceOf, callerOf, originOf, principalOf } from '../http/request.js';
import {
  RESET_REQUESTED_MESSAGE,
  changePassword,
  createPassword,
  initiatePasswordReset,
  passwordLink,
  passwordResetMeta,
  requestPasswordReset,
} from '../domain/passwords.js';
import { authorize } from '../http/access.js';
import { BODY_ERRORS, emailParam, noContent, responses } from '../contract/common.js';
import {
  linkSentBody,
  passwordChange,
  passwordCreate,
  passwordLinkBody,
  passwordLinkRequest,
  passwordResetMetaBody,
  passwordResetRequest,
} from '../contract/passwords.js';
import type { RouteDeps } from './deps.js';

export async function passwordRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/password/forgot',
    {
      config: { public: true },
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['passwords'],
        summary: 'Mail a link to set a new password; the answer never reveals whether the email exists',
        security: [],
        body: passwordResetRequest,
        response: responses({ 202: linkSentBody }, BODY_ERRORS),
      },
    },
    async (request, reply) => {
      await requestPasswordReset(
        db,
        auditSourceOf(request, normalizeEmail(request.body.email)),
        request.body.email,
        config,
      );
      return reply.status(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/password/link',
    {
      config: { public: true },
      schema: {
        operationId: 'passwordLink',
        tags: ['passwords'],
        summary: 'Whose account an emailed link sets a password for, without using the link',
        description:
          'A 400 for a link expired or used. The token travels in the body, never the URL, so no log keeps it.',
        security: [],
        body: passwordLinkRequest,
        response: responses({ 200: passwordLinkBody }, BODY_ERRORS),
      },
    },
    (request) => passwordLink(db, request.body.token),
  );

  app.post(
    '/password/create',
    {
      config: { public: true },
      schema: {
        operationId: 'createPassword',
        tags: ['passwords'],
        summary: 'Set a password with the one-time token of an emailed link',
        description: 'A 400 for a password the policy refuses, a reused one, or a link expired or used.',
        security: [],
        body: passwordCreate,
        response: responses({ 204: noContent }, BODY_ERRORS),
      },
    },
    async (request, reply) => {
      await createPassword(db, originOf(request), request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/password/change',
    {
      schema: {
        operationId: 'changePassword',
        tags: ['passwords'],
        summary: "Change the signed-in user's password",
        description: 'A 403 for an internal tool (client credentials): it has no password.',
        body: passwordChange,
        response: responses({ 204: noContent }, [...BODY_ERRORS, 401, 403]),
      },
    },
    async (request, reply) => {
      authorize(principalOf(request), 'changePassword');
      await changePassword(db, callerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/:email/password-reset',
    {
      schema: {
        operationId: 'getPasswordResetMeta',
        tags: ['passwords'],
        summary: "When a user's password was last changed and reset, and when it expires",
        params: emailParam,
        response: responses({ 200: passwordResetMetaBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      return passwordResetMeta(db, callerOf(request), normalizeEmail(request.params.email));
    },
  );

  app.post(
    '/user/:email/password-reset',
    {
      schema: {
        operationId: 'initiatePasswordReset',
        tags: ['passwords'],
        summary: 'Mail a user a link to set a new password',
        params: emailParam,
        response: responses({ 202: linkSentBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const email = await initiatePasswordReset(db, callerOf(request), normalizeEmail(request.params.email), config);
      return reply.status(202).send({ message: `A link to set a new password was sent to ${email}.` });
    },
  );
}
