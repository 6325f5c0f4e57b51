import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { hash, verify } from '@node-rs/argon2';
import {
  PASSWORD_REUSE_MESSAGE,
  normalizeEmail,
  passwordExpiresAt,
  validateEmail,
  validatePassword,
} from '@meridian/schema';
import { auditSourceOf, originOf, principalOf } from '../http/request.js';
import type { Queryable } from '../db/database.js';
import { recordAuditEvent, type AuditSource } from '../domain/audit.js';
import {
  consumePasswordToken,
  createPasswordLink,
  issuePasswordToken,
  sendMail,
  type PasswordTokenPurpose,
} from '../domain/password-tokens.js';
import { findUser, userInScope, type UserRow } from '../domain/users.js';
import { authorize } from '../http/access.js';
import { assertValid, badRequest, forbidden } from '../http/errors.js';
import { BODY_ERRORS, emailParam, noContent, responses } from '../contract/common.js';
import {
  linkSentBody,
  passwordChange,
  passwordCreate,
  passwordResetMetaBody,
  passwordResetRequest,
} from '../contract/passwords.js';
import type { RouteDeps } from './deps.js';

export const LINK_UNUSABLE_MESSAGE = 'This link has expired or was already used. Ask for a new one.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect.';
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, a link to set a new password is on its way.';
const CLIENTS_HAVE_NO_PASSWORD = 'Only a signed-in user can change their password.';

/** Null for an invited user who has not set a password yet (issue 18). */
async function passwordHashOf(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE email = $1',
    [email],
  );
  return rows[0]!.password_hash;
}

/** Stores a new password: the 90-day expiry restarts, failed sign-ins are forgotten, other open links stop working. */
async function setPassword(db: Queryable, email: string, password: string): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE email = $1',
    [email, await hash(password)],
  );
  await db.query('DELETE FROM login_failures WHERE email = $1', [email]);
  await db.query('UPDATE password_tokens SET used_at = now() WHERE email = $1 AND used_at IS NULL', [email]);
}

/** Issues a one-time link and writes it to the outbox. */
async function mailPasswordLink(
  db: Queryable,
  consoleUrl: string,
  productName: string,
  email: string,
  purpose: PasswordTokenPurpose,
) {
  const link = createPasswordLink(consoleUrl, await issuePasswordToken(db, email, purpose));
  const body = `Use this link within 60 minutes to set a new ${productName} password: ${link}\nIf you did not ask for it, ignore this email.`;
  await sendMail(db, email, `Set your ${productName} password`, body, link);
}

/** A password event about `email` (never the password: the event has no changes, only who and when). */
async function auditPassword(
  tx: Queryable,
  source: AuditSource,
  action: 'password.reset-request' | 'password.create' | 'password.change' | 'password.reset-initiate',
  email: string,
  user: UserRow | undefined,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent(tx, source, {
    action,
    organizationId: user?.organization_id ?? null,
    target: { type: 'user', id: email },
    ...(details ? { details } : {}),
  });
}

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
      const email = normalizeEmail(request.body.email);
      assertValid([{ param: 'email', msg: validateEmail(email) }]);
      await db.transaction(async (tx) => {
        const user = await findUser(tx, email);
        const linkSent = user?.active === true;
        if (linkSent) await mailPasswordLink(tx, config.consoleUrl, config.productName, email, 'reset');
        // The answer reveals nothing; the trail (read by administrators) says whether a link went out.
        await auditPassword(tx, auditSourceOf(request, email), 'password.reset-request', email, user, { linkSent });
      });
      return reply.status(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
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
      const { token, password } = request.body;
      // The policy is checked first so that a weak password does not use up the link.
      assertValid([{ param: 'password', msg: validatePassword(password) }]);
      await db.transaction(async (tx) => {
        const email = await consumePasswordToken(tx, token);
        if (!email) throw badRequest(LINK_UNUSABLE_MESSAGE);
        // Throwing rolls the transaction back, so a refused reuse leaves the link usable.
        const currentHash = await passwordHashOf(tx, email);
        if (currentHash !== null && (await verify(currentHash, password)))
          assertValid([{ param: 'password', msg: PASSWORD_REUSE_MESSAGE }]);
        await setPassword(tx, email, password);
        // The one-time link proved who they are: the event is theirs, though they were not signed in.
        const user = (await findUser(tx, email))!;
        const actor = { id: email, kind: 'user', role: user.role, organizationId: user.organization_id } as const;
        await auditPassword(tx, { actor, origin: originOf(request) }, 'password.create', email, user);
      });
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
      const principal = principalOf(request);
      authorize(principal, 'changePassword');
      if (principal.kind !== 'user') throw forbidden(CLIENTS_HAVE_NO_PASSWORD);
      const { currentPassword, newPassword } = request.body;
      const email = principal.subject;
      // A signed-in user has a password: an invited user cannot sign in before setting one.
      const currentHash = (await passwordHashOf(db, email))!;
      const policy = validatePassword(newPassword);
      assertValid([
        {
          param: 'currentPassword',
          msg: (await verify(currentHash, currentPassword)) ? null : WRONG_CURRENT_PASSWORD_MESSAGE,
        },
        {
          param: 'newPassword',
          msg: policy ?? ((await verify(currentHash, newPassword)) ? PASSWORD_REUSE_MESSAGE : null),
        },
      ]);
      await db.transaction(async (tx) => {
        await setPassword(tx, email, newPassword);
        await auditPassword(tx, auditSourceOf(request), 'password.change', email, await findUser(tx, email));
      });
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
      const user = await userInScope(
        db,
        principalOf(request),
        'passwordResetMeta',
        normalizeEmail(request.params.email),
      );
      const { rows } = await db.query<{ last: Date | null }>(
        'SELECT max(created_at) AS last FROM password_tokens WHERE email = $1',
        [user.email],
      );
      return {
        lastResetRequestedAt: rows[0]?.last ? rows[0].last.toISOString() : null,
        passwordChangedAt: user.password_changed_at.toISOString(),
        expiresAt: passwordExpiresAt(user.password_changed_at).toISOString(),
      };
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
      const user = await userInScope(
        db,
        principalOf(request),
        'initiatePasswordReset',
        normalizeEmail(request.params.email),
      );
      await db.transaction(async (tx) => {
        await mailPasswordLink(tx, config.consoleUrl, config.productName, user.email, 'initiated');
        await auditPassword(tx, auditSourceOf(request), 'password.reset-initiate', user.email, user);
      });
      return reply.status(202).send({ message: `A link to set a new password was sent to ${user.email}.` });
    },
  );
}
