import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { authorize } from '../http/access.js';
import { auditSourceOf, principalOf } from '../http/request.js';
import { BODY_ERRORS, noContent, organizationIdParam, responses } from '../contract/common.js';
import { ssoConnectionOperation } from '@meridian/schema';
import { signInImpactBody, ssoConnectionAnswer, ssoConnectionInput, ssoConnectionTestBody } from '../contract/sso.js';
import {
  getSsoConnection,
  removeSsoConnection,
  serviceProviderSettingsOf,
  setSsoConnection,
  testSsoConnection,
} from '../domain/sso/connections.js';
import { signInImpact } from '../domain/sso/impact.js';
import { secretBox } from '../domain/mfa/secret-box.js';
import type { RouteDeps } from './deps.js';

/**
 * An organization's single sign-on connection (issue 30): operators and the organization's admins set,
 * test and remove it, only operators change its Org Admins' emergency access (issue 39); whoever reads
 * the organization sees it, never its client secret, and what its own sign-in settings would change.
 * The sign-in itself happens at the provider's pages (oidc/sso-pages.ts), not through this API.
 */
export async function ssoRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const box = secretBox(config.mfaEncryptionKeys);

  app.get(
    '/organization/:id/sso',
    {
      schema: {
        operationId: 'getOrganizationSso',
        tags: ['organizations'],
        summary: 'The organization’s single sign-on connection, or null',
        params: organizationIdParam,
        response: responses({ 200: ssoConnectionAnswer }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'organizationSso', { organizationId: request.params.id });
      return {
        connection: await getSsoConnection(db, config, request.params.id),
        serviceProvider: serviceProviderSettingsOf(config, request.params.id),
      };
    },
  );

  app.put(
    '/organization/:id/sso',
    {
      schema: {
        operationId: 'setOrganizationSso',
        tags: ['organizations'],
        summary: 'Set (or replace) the organization’s single sign-on connection',
        description:
          'The organization needs email domains, none of them another organization’s (409). SAML metadata given as a URL is read now. A body naming adminEmergencyAccess is an operator’s only (403 for an Org Admin).',
        params: organizationIdParam,
        body: ssoConnectionInput,
        response: responses({ 200: ssoConnectionAnswer }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      authorize(principalOf(request), ssoConnectionOperation(request.body), { organizationId: request.params.id });
      const connection = await setSsoConnection(
        db,
        box,
        config,
        auditSourceOf(request),
        request.params.id,
        request.body,
      );
      return { connection, serviceProvider: serviceProviderSettingsOf(config, request.params.id) };
    },
  );

  app.get(
    '/organization/:id/sign-in-impact',
    {
      schema: {
        operationId: 'getOrganizationSignInImpact',
        tags: ['organizations'],
        summary: 'What the organization’s sign-in settings would change, counted now',
        description:
          'People whose password sign-in “Only single sign-on” ends (Org Admins among them, and how many of those have a second factor), people who signed in through its identity provider in the last 30 days, and active people without a second factor.',
        params: organizationIdParam,
        response: responses({ 200: signInImpactBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'organizationSignInImpact', { organizationId: request.params.id });
      return signInImpact(db, request.params.id);
    },
  );

  app.delete(
    '/organization/:id/sso',
    {
      schema: {
        operationId: 'removeOrganizationSso',
        tags: ['organizations'],
        summary: 'Remove the organization’s connection: its people sign in with passwords again',
        params: organizationIdParam,
        response: responses({ 204: noContent }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      authorize(principalOf(request), 'removeOrganizationSso', { organizationId: request.params.id });
      await removeSsoConnection(db, config, auditSourceOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/organization/:id/sso/test',
    {
      schema: {
        operationId: 'testOrganizationSso',
        tags: ['organizations'],
        summary: 'Check a connection before saving it: the OIDC discovery document or the SAML metadata',
        params: organizationIdParam,
        body: ssoConnectionInput,
        response: responses({ 200: ssoConnectionTestBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'testOrganizationSso', { organizationId: request.params.id });
      return testSsoConnection(db, box, config, request.params.id, request.body);
    },
  );
}
