import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { MESSAGES, organizationAdmitsPeople } from '@meridian/schema';
import { DomainError } from '../domain/errors.js';
import { getOrganization } from '../domain/organizations.js';
import type { ServiceCaller } from '../domain/caller.js';
import { PEOPLE_PER_UNIT, directoryActor, scimTokenOf, spendForPeople } from '../domain/scim/tokens.js';
import { authorize } from '../http/access.js';
import type { Principal } from '../http/auth.js';
import { JSON_TOO_DEEP, depthLimited } from '../http/json-body.js';
import { originOf } from '../http/request.js';
import type { RouteDeps } from '../routes/deps.js';
import { allSchemas, listOf, resourceTypes, schemaOf, serviceProviderConfig } from './discovery.js';
import { ScimError, fromDomainError, invalidSyntax, scimErrorBody } from '../domain/scim/errors.js';
import { GROUP_SCHEMA } from '../domain/scim/group-resource.js';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from '../domain/scim/groups.js';
import type { ScimListQuery } from '../domain/scim/list.js';
import { project, projectionOf, returns, type Projection } from './projection.js';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from '../domain/scim/user-resource.js';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  type ScimCaller,
} from '../domain/scim/users.js';

// SCIM 2.0 (RFC 7644) at /scim/v2 for customers' directories. The routes are public to the platform's
// JWT hook (app.ts) and authenticate the organization's SCIM token themselves; they speak SCIM's media
// type and error shape, not the REST contract's, so they stay out of the OpenAPI document.

export const SCIM_PREFIX = '/scim/v2';
export const SCIM_MEDIA_TYPE = 'application/scim+json; charset=utf-8';
const BODY_LIMIT = 1024 * 1024;

const ROUTE: RouteShorthandOptions = { config: { public: true }, schema: { hide: true }, bodyLimit: BODY_LIMIT };

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type(SCIM_MEDIA_TYPE).send(JSON.stringify(body));
}

function sendError(reply: FastifyReply, error: ScimError) {
  if (error.status === 401) void reply.header('www-authenticate', 'Bearer realm="scim"');
  return send(reply, error.status, scimErrorBody(error));
}

function unknownEndpoint(request: FastifyRequest): never {
  throw new ScimError(404, `There is no SCIM endpoint ${request.url}. Meridian serves /Users, /Groups and discovery.`);
}

/** Fastify's own refusals (body parser, limits) as SCIM errors. */
function frameworkError(error: FastifyError): ScimError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ScimError(413, `The body is larger than ${BODY_LIMIT / (1024 * 1024)} MB.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ScimError(415, 'Send the body as application/scim+json (or application/json).');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidSyntax('The body is empty. Send a JSON object.');
    case JSON_TOO_DEEP:
      return invalidSyntax(error.message);
    default:
      return invalidSyntax('The body is not valid JSON.');
  }
}

export async function scimRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const callers = new WeakMap<FastifyRequest, ScimCaller>();
  // Read per request: the platform names its real port in it once listening (server.ts, port 0).
  const base = () => config.scimBaseUrl;
  const callerOf = (request: FastifyRequest) => callers.get(request)!;
  const perMinute = config.scimRateLimitPerMinute;
  /** Charges the token's budget for the people an answer lists (rows cost what requests do). */
  const charge = (request: FastifyRequest, people: number) =>
    spendForPeople(db, callerOf(request).tokenId, people, perMinute);
  const user = (resource: Record<string, unknown>, projection: Projection) =>
    project(resource, projection, USER_SCHEMA, [ENTERPRISE_SCHEMA]);
  const group = (resource: Record<string, unknown>, projection: Projection) =>
    project(resource, projection, GROUP_SCHEMA);
  /** A list of users, shaped by the projection, its people charged. */
  const listUsers = async (request: FastifyRequest, source: unknown) => {
    const answer = await listScimUsers(db, config, callerOf(request), stringsOf(source));
    await charge(request, answer.Resources.length);
    const projection = projectionOf(source);
    return { ...answer, Resources: answer.Resources.map((each) => user(each, projection)) };
  };
  /** A list of groups: never their members (Org Users may hold 100,000 people; GET /Groups/{id} answers them). */
  const listGroups = async (request: FastifyRequest, source: unknown) => {
    const projection = projectionOf(source);
    if (projection.attributes && returns(projection, 'members', GROUP_SCHEMA))
      throw new ScimError(
        400,
        'A list of groups does not carry members: Org Users may hold every person of the organization. GET /Groups/{id} answers a group’s members.',
        'tooMany',
      );
    const answer = await listScimGroups(db, config, callerOf(request), stringsOf(source));
    return { ...answer, Resources: answer.Resources.map((each) => group(each, projection)) };
  };
  /** A group with its members unless the projection leaves them out, charged for the people it lists. */
  const sendGroup = async (
    request: FastifyRequest,
    reply: FastifyReply,
    resource: Awaited<ReturnType<typeof getScimGroup>>,
    projection: Projection,
  ) => {
    await charge(request, resource.members?.length ?? 0);
    return send(reply, 200, group(resource, projection));
  };

  await fastify.register(
    async (app) => {
      // Both media types, and an empty body read as none: directories send a Content-Type on DELETE too.
      const json = depthLimited(app.getDefaultJsonParser('error', 'error'));
      app.removeContentTypeParser('application/json');
      app.addContentTypeParser(
        ['application/scim+json', 'application/json'],
        { parseAs: 'string', bodyLimit: BODY_LIMIT },
        (request, body: string, done) => (body.trim() === '' ? done(null, undefined) : json(request, body, done)),
      );

      app.setErrorHandler((error: FastifyError, request, reply) => {
        if (error instanceof ScimError) return sendError(reply, error);
        if (error instanceof DomainError) return sendError(reply, fromDomainError(error));
        if (error.statusCode && error.statusCode < 500) return sendError(reply, frameworkError(error));
        request.log.error({ err: error }, 'SCIM request failed');
        return sendError(reply, new ScimError(500, 'The request failed on our side. Try again.'));
      });

      // The token is the organization's directory, acting as its Org Admin (the domain's rules apply as to one).
      app.addHook('onRequest', async (request, reply) => {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        const use = match ? await scimTokenOf(db, match[1]!, perMinute) : undefined;
        if (!use) throw new ScimError(401, 'A valid SCIM token is required: Authorization: Bearer mscim_…');
        const { token, retryAfterSeconds } = use;
        // Only an active organization's directory provisions (schema's organizationAdmitsPeople).
        const organization = await getOrganization(db, token.organization_id);
        if (!organizationAdmitsPeople(organization.status))
          throw new ScimError(403, MESSAGES.scimOrganizationInactive(organization.name, organization.status));
        if (retryAfterSeconds !== null) {
          void reply.header('retry-after', String(retryAfterSeconds));
          throw new ScimError(
            429,
            `Too many requests with this SCIM token: at most ${perMinute} a minute (a list counts one more per ${PEOPLE_PER_UNIT} people it answers). Retry after ${retryAfterSeconds} s.`,
          );
        }
        const principal: Principal = {
          kind: 'client',
          subject: `scim:${token.id}`,
          role: 'orgAdmin',
          organizationId: token.organization_id,
        };
        const who: ServiceCaller = {
          caller: principal,
          guard: (operation, target) => authorize(principal, operation, target),
          source: { actor: directoryActor(token), origin: originOf(request) },
        };
        callers.set(request, { organizationId: token.organization_id, tokenId: token.id, who });
      });

      app.get('/ServiceProviderConfig', ROUTE, (_request, reply) => send(reply, 200, serviceProviderConfig(base())));
      app.get('/ResourceTypes', ROUTE, (_request, reply) => send(reply, 200, listOf(resourceTypes(base()))));
      app.get<{ Params: { id: string } }>('/ResourceTypes/:id', ROUTE, (request, reply) => {
        const type = resourceTypes(base()).find((each) => each.id === request.params.id);
        if (!type) throw new ScimError(404, `No resource type ${request.params.id}; there are User and Group.`);
        return send(reply, 200, type);
      });
      app.get('/Schemas', ROUTE, (_request, reply) => send(reply, 200, listOf(allSchemas(base()))));
      app.get<{ Params: { id: string } }>('/Schemas/:id', ROUTE, (request, reply) => {
        const schema = schemaOf(request.params.id, base());
        if (!schema) throw new ScimError(404, `No schema ${request.params.id}.`);
        return send(reply, 200, schema);
      });

      // RFC 7644 §3.9: attributes and excludedAttributes shape every answer holding a resource.
      app.get('/Users', ROUTE, async (request, reply) => send(reply, 200, await listUsers(request, request.query)));
      // RFC 7644 §3.4.3: the same query in a body, so a filter stays out of logs and URLs.
      app.post('/Users/.search', ROUTE, async (request, reply) =>
        send(reply, 200, await listUsers(request, request.body)),
      );
      app.post('/Users', ROUTE, async (request, reply) => {
        const created = await createScimUser(db, config, callerOf(request), request.body);
        void reply.header('location', created.meta.location);
        return send(reply, 201, user(created, projectionOf(request.query)));
      });
      app.get<{ Params: { id: string } }>('/Users/:id', ROUTE, async (request, reply) => {
        const found = await getScimUser(db, config, callerOf(request), request.params.id);
        return send(reply, 200, user(found, projectionOf(request.query)));
      });
      app.put<{ Params: { id: string } }>('/Users/:id', ROUTE, async (request, reply) => {
        const replaced = await replaceScimUser(db, config, callerOf(request), request.params.id, request.body);
        return send(reply, 200, user(replaced, projectionOf(request.query)));
      });
      app.patch<{ Params: { id: string } }>('/Users/:id', ROUTE, async (request, reply) => {
        const patched = await patchScimUser(db, config, callerOf(request), request.params.id, request.body);
        return send(reply, 200, user(patched, projectionOf(request.query)));
      });
      app.delete<{ Params: { id: string } }>('/Users/:id', ROUTE, async (request, reply) => {
        await deleteScimUser(db, config, callerOf(request), request.params.id);
        return reply.status(204).send();
      });

      // Groups are the organization's roles (group-resource.ts): fixed, their members changed as role changes.
      app.get('/Groups', ROUTE, async (request, reply) => send(reply, 200, await listGroups(request, request.query)));
      app.post('/Groups/.search', ROUTE, async (request, reply) =>
        send(reply, 200, await listGroups(request, request.body)),
      );
      app.post('/Groups', ROUTE, (request) => createScimGroup(config, request.body));
      app.get<{ Params: { id: string } }>('/Groups/:id', ROUTE, async (request, reply) => {
        const projection = projectionOf(request.query);
        const members = returns(projection, 'members', GROUP_SCHEMA);
        const found = await getScimGroup(db, config, callerOf(request), request.params.id, members);
        return sendGroup(request, reply, found, projection);
      });
      app.put<{ Params: { id: string } }>('/Groups/:id', ROUTE, async (request, reply) => {
        const projection = projectionOf(request.query);
        const members = returns(projection, 'members', GROUP_SCHEMA);
        const { id } = request.params;
        const replaced = await replaceScimGroup(db, config, callerOf(request), id, request.body, members);
        return sendGroup(request, reply, replaced, projection);
      });
      // RFC 7644 §3.5.2: 204 without a body (Entra's expectation), or the group when attributes are asked for.
      app.patch<{ Params: { id: string } }>('/Groups/:id', ROUTE, async (request, reply) => {
        const { id } = request.params;
        await patchScimGroup(db, config, callerOf(request), id, request.body);
        const projection = projectionOf(request.query);
        if (!projection.attributes && projection.excluded.length === 0) return reply.status(204).send();
        const found = await getScimGroup(
          db,
          config,
          callerOf(request),
          id,
          returns(projection, 'members', GROUP_SCHEMA),
        );
        return sendGroup(request, reply, found, projection);
      });
      app.delete<{ Params: { id: string } }>('/Groups/:id', ROUTE, (request) =>
        deleteScimGroup(config, request.params.id),
      );
      // Any other path, the bare base URL included ('/' is /scim/v2 and /scim/v2/): a SCIM error, not the REST API's 401.
      for (const path of ['/', '/*']) app.all(path, ROUTE, unknownEndpoint);
    },
    { prefix: SCIM_PREFIX },
  );
}

/** The list parameters given as strings (a query string, or a .search body's values). */
function stringsOf(source: unknown): ScimListQuery {
  const out: Record<string, string> = {};
  if (typeof source !== 'object' || source === null) return out;
  for (const key of ['filter', 'startIndex', 'count', 'sortBy', 'sortOrder'] as const) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return out;
}
