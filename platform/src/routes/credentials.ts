import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { CREDENTIAL_SORT_KEYS, normalizeEmail } from '@meridian/schema';
import { auditSourceOf, callerOf, principalOf } from '../http/request.js';
import type { FastifyRequest } from 'fastify';
import {
  createOrganizationCredential,
  createUserCredential,
  disableOrganizationCredential,
  disableUserCredential,
  listOrganizationCredentials,
  type CredentialCaller,
} from '../domain/credentials.js';
import { authorize } from '../http/access.js';
import { BODY_ERRORS, emailParam, listQueryOf, organizationIdParam, responses } from '../contract/common.js';
import { listBody } from '../http/lists.js';
import {
  createdCredentialBody,
  credentialBody,
  credentialCreate,
  credentialDisable,
  credentialListBody,
  organizationCredentialParams,
  userCredentialParams,
} from '../contract/credentials.js';
import type { RouteDeps } from './deps.js';

export async function credentialRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const credentialCallerOf = (request: FastifyRequest): CredentialCaller => ({
    ...callerOf(request),
    productName: config.productName,
  });
  app.post(
    '/user/:email/credential',
    {
      schema: {
        operationId: 'createUserCredential',
        tags: ['credentials'],
        summary: "Create a user's data-access credential; the answer is the only time its secret is shown",
        description:
          'A 403 names the unlicensed feature when a user asks for their own; a 409 when direct data access is off for the user, they are inactive, or their organization is not active.',
        params: emailParam,
        body: credentialCreate,
        response: responses({ 201: createdCredentialBody }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.params.email);
      const created = await createUserCredential(db, credentialCallerOf(request), email, request.body ?? {});
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/user/:email/credential/:credentialId',
    {
      schema: {
        operationId: 'disableUserCredential',
        tags: ['credentials'],
        summary: "Disable a user's data-access credential",
        params: userCredentialParams,
        body: credentialDisable,
        response: responses({ 200: credentialBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const email = normalizeEmail(request.params.email);
      return disableUserCredential(db, credentialCallerOf(request), email, request.params.credentialId, request.body);
    },
  );

  app.get(
    '/organization/:id/credential',
    {
      schema: {
        operationId: 'listOrganizationCredentials',
        tags: ['credentials'],
        summary: "An organization's own data-access credentials (not its users')",
        params: organizationIdParam,
        querystring: { type: 'object', properties: listQueryOf(CREDENTIAL_SORT_KEYS) },
        response: responses({ 200: credentialListBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      authorize(principalOf(request), 'organizationCredentials', { organizationId });
      const { data, total } = await listOrganizationCredentials(db, organizationId, request.query);
      return listBody(data, total, request.query);
    },
  );

  app.post(
    '/organization/:id/credential',
    {
      schema: {
        operationId: 'createOrganizationCredential',
        tags: ['credentials'],
        summary: "Create an organization's data-access credential; the answer is the only time its secret is shown",
        description: 'A 409 when the organization is not active (before activation, or offboarding or offboarded).',
        params: organizationIdParam,
        body: credentialCreate,
        response: responses({ 201: createdCredentialBody }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const organizationId = request.params.id;
      authorize(principal, 'createOrganizationCredential', { organizationId });
      const source = auditSourceOf(request);
      const choices = request.body ?? {};
      const created = await createOrganizationCredential(db, source, organizationId, principal.subject, choices);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/organization/:id/credential/:credentialId',
    {
      schema: {
        operationId: 'disableOrganizationCredential',
        tags: ['credentials'],
        summary: "Disable an organization's data-access credential",
        params: organizationCredentialParams,
        body: credentialDisable,
        response: responses({ 200: credentialBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      authorize(principalOf(request), 'disableOrganizationCredential', { organizationId });
      const { credentialId } = request.params;
      return disableOrganizationCredential(db, auditSourceOf(request), organizationId, credentialId, request.body);
    },
  );
}
