import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { auditSourceOf, principalOf } from '../http/request.js';
import { BODY_ERRORS, organizationIdQuery, responses } from '../contract/common.js';
import { setUsersActiveBody, setUsersActiveResult, type SetUsersActiveBody } from '../contract/user-bulk.js';
import { setUsersActive, type UserSelection } from '../domain/user-bulk.js';
import { authorize } from '../http/access.js';
import { assertValid } from '../http/errors.js';
import type { RouteDeps } from './deps.js';

const ONE_SELECTION = 'Give emails or allMatching, not both.';

/** The body's selection; exactly one of emails and allMatching (JSON Schema's oneOf would word it worse). */
function selectionOf(body: SetUsersActiveBody): UserSelection {
  const both = body.emails !== undefined && body.allMatching !== undefined;
  const neither = body.emails === undefined && body.allMatching === undefined;
  assertValid([{ param: 'emails', msg: both || neither ? ONE_SELECTION : null }]);
  return body.emails ? { emails: body.emails } : { allMatching: body.allMatching! };
}

/** Bulk user actions (issue 18): one request, many users, each row's outcome answered. */
export async function userBulkRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/user/bulk/active',
    {
      schema: {
        operationId: 'setUsersActive',
        tags: ['users'],
        summary: 'Activate or deactivate many users of an organization; each row’s outcome is answered',
        description:
          'Applies the rules of PUT /user {email, active} to each selected user, in batches of 500, each in its own transaction. A rule that refuses a user (self-protection, the last Org Admin, the user limit, a seat limit, a role above the caller’s grant, not in this organization) refuses only that row, with the reason. Each changed user gets a user.activate or user.deactivate audit event.',
        querystring: organizationIdQuery,
        body: setUsersActiveBody,
        response: responses({ 200: setUsersActiveResult }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const caller = {
        principal: principalOf(request),
        source: auditSourceOf(request),
        productName: config.productName,
      };
      const selection = selectionOf(request.body);
      const { organizationId } = request.query;
      authorize(caller.principal, 'setUsersActive', { organizationId });
      return setUsersActive(db, caller, request.query.organizationId, selection, request.body.active);
    },
  );
}
