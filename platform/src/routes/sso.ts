import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { authorize } from '../http/access.js';
import { auditSourceOf, principalOf } from '../http/request.js';
import { BODY_ERRORS, noContent, organizationIdParam, responses } from '../contract/common.js';
import { ssoConnectionOperation } from '@meridian/schema';
import {
  signInImpactBody,
  ssoConnectionAnswer,
  ssoConnectionInput,
  ssoConnectionTestBody,
  ssoTestSignInBody,
  ssoTestSignInParams,
  ssoTestSignInStartBody,
} from '../contract/sso.js';
import {
  getSsoConnection,
  removeSsoConnection,
  serviceProviderSettingsOf,
  setSsoConnection,
  testSsoConnection,
} from '../domain/sso/connections.js';
import { signInImpact } from '../domain/sso/impact.js';
import { sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import { getTestSignIn, startTestSignIn } from '../domain/sso/test-sign-in.js';
import type { Principal } from '../http/auth.js';
import type { RouteDeps } from './deps.js';

/**
 * An organization's single sign-on connection (issue 30): operators and the organization's admins set,
 * test and remove it, only operators change its Org Admins' emergency access (issue 39); whoever reads
 * the organization sees it, never its client secret, and what its own sign-in settings would change.
 * The sign-in itself happens at the provider's pages (oidc/sso-pages.ts), not through this API.
 */
export async function ssoRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const sealer = sealedSecrets(config.mfaEncryptionKeys);

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
        sealer,
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
        summary:
          'Check a connection before saving it: OIDC discovery and the client’s credentials at the token endpoint, or the SAML metadata and its certificates',
        params: organizationIdParam,
        body: ssoConnectionInput,
        response: responses({ 200: ssoConnectionTestBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      authorize(principalOf(request), 'testOrganizationSso', { organizationId: request.params.id });
      return testSsoConnection(db, sealer, config, request.params.id, request.body);
    },
  );

  /** Who started a test sign-in: only they read its result (a user and a client never share a name). */
  const tester = (principal: Principal) => `${principal.kind}:${principal.subject}`;

  app.post(
    '/organization/:id/sso/test-sign-in',
    {
      schema: {
        operationId: 'startOrganizationSsoTestSignIn',
        tags: ['organizations'],
        summary: 'Start a test sign-in through the saved connection: nobody is signed in or created',
        description:
          'Answers the provider’s sign-in URL to open in the browser. Its answer comes back to Meridian’s callback, which keeps what the provider returned for the caller and sends the browser to the console’s Sign-in tab. 404 without a saved connection; 409 when the provider cannot be reached or the client secret cannot be read.',
        params: organizationIdParam,
        response: responses({ 200: ssoTestSignInStartBody }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      authorize(principal, 'startOrganizationSsoTestSignIn', { organizationId: request.params.id });
      return startTestSignIn(db, sealer, config, tester(principal), request.params.id);
    },
  );

  app.get(
    '/organization/:id/sso/test-sign-in/:state',
    {
      schema: {
        operationId: 'organizationSsoTestSignIn',
        tags: ['organizations'],
        summary: 'A test sign-in’s result: what the provider returned and what Meridian would do with it',
        description: 'Only to the caller who started it, until it expires (404 otherwise).',
        params: ssoTestSignInParams,
        response: responses({ 200: ssoTestSignInBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      authorize(principal, 'organizationSsoTestSignIn', { organizationId: request.params.id });
      return getTestSignIn(db, tester(principal), request.params.id, request.params.state);
    },
  );
}
