import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { normalizeEmail, USER_SORT_KEYS } from '@meridian/schema';
import { callerOf, principalOf } from '../http/request.js';
import {
  createUser,
  listUsers,
  setUserActive,
  setUserDataAccess,
  updateUser,
  userWithOrganization,
} from '../domain/users.js';
import { toUserWithCredentials } from '../domain/user-records.js';
import { authorize } from '../http/access.js';
import { assertValid } from '../http/errors.js';
import { BODY_ERRORS, emailParam, listQueryOf, organizationIdQuery, responses } from '../contract/common.js';
import { listBody } from '../http/lists.js';
import {
  dataAccessUpdate,
  userBody,
  userCreate,
  userListBody,
  userQuery,
  userUpdate,
  userWithOrganizationBody,
} from '../contract/users.js';
import { userStatusQuery } from '../contract/invitations.js';
import type { RouteDeps } from './deps.js';

export async function userRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/user',
    {
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'List the users of an organization, or search every organization (system roles)',
        querystring: {
          type: 'object',
          properties: { ...userQuery.properties, ...userStatusQuery, ...listQueryOf(USER_SORT_KEYS) },
        },
        response: responses({ 200: userListBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const query = request.query;
      if (query.organizationId !== undefined) authorize(principal, 'users', { organizationId: query.organizationId });
      else authorize(principal, 'searchAllUsers');
      const { data, total } = await listUsers(db, query);
      return listBody(data, total, query);
    },
  );

  app.get(
    '/user/email/:email',
    {
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: 'One user (anyone reads their own), with a summary of their organization',
        params: emailParam,
        response: responses({ 200: userWithOrganizationBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      return userWithOrganization(db, callerOf(request), normalizeEmail(request.params.email));
    },
  );

  app.post(
    '/user',
    {
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Create a user in an organization',
        description: 'A 409 when the organization’s user limit or seats are reached, or the email is taken.',
        querystring: organizationIdQuery,
        body: userCreate,
        response: responses({ 201: { description: 'Created', ...userBody } }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { organizationId } = request.query;
      authorize(principal, 'createUser', { organizationId });
      const user = await createUser(db, callerOf(request), organizationId, request.body, config);
      return reply.status(201).send(user);
    },
  );

  app.put(
    '/user',
    {
      schema: {
        operationId: 'updateUser',
        tags: ['users'],
        summary: 'Update a user (?organizationId); a body of only {email, active} activates or deactivates',
        description:
          'A 409 when the seats or the user limit are reached, or the change would leave the organization without an active Org Admin (self-protection).',
        querystring: { type: 'object', properties: organizationIdQuery.properties },
        body: userUpdate,
        response: responses({ 200: userBody }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const body = request.body;
      const email = normalizeEmail(body.email);
      const { organizationId } = request.query;
      const isActivation = body.active !== undefined && Object.keys(body).length === 2;
      if (isActivation)
        return toUserWithCredentials(
          db,
          await setUserActive(db, callerOf(request), email, body.active!, config.productName, organizationId),
        );
      assertValid([
        { param: 'organizationId', msg: organizationId === undefined ? 'A value is required' : null },
        {
          param: 'active',
          msg: body.active !== undefined ? 'Activate or deactivate with a body of only email and active.' : null,
        },
      ]);
      return toUserWithCredentials(
        db,
        await updateUser(db, callerOf(request), email, organizationId!, body, config.productName),
      );
    },
  );

  app.put(
    '/user/:email/data-access',
    {
      schema: {
        operationId: 'setUserDataAccess',
        tags: ['users'],
        summary: "Enable or disable a user's direct data access (disabling also disables their credentials)",
        params: emailParam,
        body: dataAccessUpdate,
        response: responses({ 200: userBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const email = normalizeEmail(request.params.email);
      const enabled = request.body.direct_data_access_enabled;
      return toUserWithCredentials(db, await setUserDataAccess(db, callerOf(request), email, enabled));
    },
  );
}
