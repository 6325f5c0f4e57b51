import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { authorize } from '../http/access.js';
import { auditSourceOf, principalOf } from '../http/request.js';
import { BODY_ERRORS, organizationIdParam, responses } from '../contract/common.js';
import {
  scimTokenBody,
  scimTokenCreateBody,
  scimTokenListBody,
  scimTokenParams,
  scimTokenSecretBody,
} from '../contract/scim-tokens.js';
import { createScimToken, listScimTokens, revokeScimToken, rotateScimToken } from '../domain/scim/tokens.js';
import type { RouteDeps } from './deps.js';

/**
 * An organization's SCIM tokens (issue 31): operators and its admins list, create, rotate and revoke
 * them. The directory itself calls /scim/v2 (scim/ routes) with one.
 */
export async function scimTokenRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/organization/:id/scim-tokens',
    {
      schema: {
        operationId: 'listScimTokens',
        tags: ['organizations'],
        summary: 'The organization’s SCIM tokens, newest first, revoked ones included',
        params: organizationIdParam,
        response: responses({ 200: scimTokenListBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'scimTokens', { organizationId: request.params.id });
      return { data: await listScimTokens(db, request.params.id), baseUrl: config.scimBaseUrl };
    },
  );

  app.post(
    '/organization/:id/scim-tokens',
    {
      schema: {
        operationId: 'createScimToken',
        tags: ['organizations'],
        summary: 'Create a SCIM token for the organization’s directory; the token is answered once',
        params: organizationIdParam,
        body: scimTokenCreateBody,
        response: responses({ 201: scimTokenSecretBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      authorize(principalOf(request), 'createScimToken', { organizationId: request.params.id });
      const created = await createScimToken(db, auditSourceOf(request), request.params.id, request.body.label);
      return reply.status(201).send({ ...created, baseUrl: config.scimBaseUrl });
    },
  );

  app.post(
    '/organization/:id/scim-tokens/:tokenId/rotate',
    {
      schema: {
        operationId: 'rotateScimToken',
        tags: ['organizations'],
        summary: 'Replace a token by a new one under the same label; the old one stops working at once',
        params: scimTokenParams,
        response: responses({ 201: scimTokenSecretBody }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      authorize(principalOf(request), 'rotateScimToken', { organizationId: request.params.id });
      const rotated = await rotateScimToken(db, auditSourceOf(request), request.params.id, request.params.tokenId);
      return reply.status(201).send({ ...rotated, baseUrl: config.scimBaseUrl });
    },
  );

  app.delete(
    '/organization/:id/scim-tokens/:tokenId',
    {
      schema: {
        operationId: 'revokeScimToken',
        tags: ['organizations'],
        summary: 'Revoke a token: the directory using it can no longer reach the organization’s users',
        params: scimTokenParams,
        response: responses({ 200: scimTokenBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'revokeScimToken', { organizationId: request.params.id });
      return revokeScimToken(db, auditSourceOf(request), request.params.id, request.params.tokenId);
    },
  );
}
