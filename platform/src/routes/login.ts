import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { originOf } from '../app.js';
import { checkLogin } from '../domain/login.js';
import { BODY_ERRORS, messageBody, responses } from '../contract/common.js';
import { loginRequest, signedInBody, signInRefusedBody } from '../contract/sign-in.js';
import type { RouteDeps } from './deps.js';

/** POST /login: the platform's login check (the provider's sign-in form runs the same checkLogin). */
export async function loginRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        operationId: 'checkLogin',
        tags: ['sign-in'],
        summary: 'Check an email and password',
        description:
          'Answers 200 with the user when the password is right and may sign in. Five failures in 15 minutes lock the email (423).',
        security: [],
        body: loginRequest,
        response: responses(
          {
            200: signedInBody,
            401: { description: 'Invalid email or password', ...messageBody },
            403: signInRefusedBody,
          },
          [...BODY_ERRORS, 423],
        ),
      },
    },
    async (request, reply) => {
      const result = await checkLogin(db, config, request.body.email, request.body.password, originOf(request));
      if (!result.ok) return reply.status(result.status).send(result.body);
      return result.user;
    },
  );
}
