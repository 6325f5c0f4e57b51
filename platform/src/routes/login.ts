import type { FastifyInstance } from 'fastify';
import { originOf } from '../app.js';
import { checkLogin } from '../domain/login.js';
import { messageBody, validationBody } from '../contract/common.js';
import type { RouteDeps } from './deps.js';

interface LoginBody {
  email: string;
  password: string;
}

const refusal = (description: string) => ({ description, ...messageBody });

/** POST /login: the platform's login check (the provider's sign-in form runs the same checkLogin). */
export async function loginRoutes(app: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  app.post<{ Body: LoginBody }>(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['sign-in'],
        summary: 'Check an email and password',
        description:
          'Answers 200 with the user when the password is right and may sign in. Five failures in 15 minutes lock the email (423).',
        security: [],
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 1, maxLength: 254 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
          },
          required: ['email', 'password'],
        },
        response: {
          200: {
            description: 'Signed in',
            type: 'object',
            properties: {
              email: { type: 'string' },
              name: { type: 'string' },
              role: { type: 'string' },
              organizationId: { type: 'string' },
            },
          },
          400: { description: 'Missing fields', ...validationBody },
          401: refusal('Invalid email or password.'),
          403: {
            description: 'Password expired (with resetLink to set a new one) or user deactivated',
            type: 'object',
            properties: { message: { type: 'string' }, resetLink: { type: 'string' } },
            required: ['message'],
          },
          423: refusal('Too many attempts; the message says how many minutes to wait'),
        },
      },
    },
    async (request, reply) => {
      const result = await checkLogin(db, config, request.body.email, request.body.password, originOf(request));
      if (!result.ok) return reply.status(result.status).send(result.body);
      return result.user;
    },
  );
}
