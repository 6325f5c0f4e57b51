import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics.js';
import { auditRoutes } from './audit.js';
import { backupRoutes } from './backup.js';
import { catalogRoutes } from './catalog.js';
import { credentialRoutes } from './credentials.js';
import type { RouteDeps } from './deps.js';
import { devRoutes } from './dev.js';
import { featureRoutes } from './features.js';
import { invitationRoutes } from './invitations.js';
import { licenseRoutes } from './licenses.js';
import { lifecycleRoutes } from './lifecycle.js';
import { loginRoutes } from './login.js';
import { mfaRoutes } from './mfa.js';
import { organizationRoutes } from './organizations.js';
import { passwordRoutes } from './passwords.js';
import { providerLinkRoutes } from './provider-links.js';
import { providerRoutes } from './providers.js';
import { scimRoutes } from '../scim/routes.js';
import { scimTokenRoutes } from './scim-tokens.js';
import { sessionRoutes } from './sessions.js';
import { ssoRoutes } from './sso.js';
import { userBulkRoutes } from './user-bulk.js';
import { userRoutes } from './users.js';
import { webhookRoutes } from './webhooks.js';

/** Every route module of the REST API; one file per domain. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  for (const routes of [
    organizationRoutes,
    ssoRoutes,
    scimTokenRoutes,
    webhookRoutes,
    scimRoutes,
    lifecycleRoutes,
    licenseRoutes,
    userRoutes,
    userBulkRoutes,
    sessionRoutes,
    invitationRoutes,
    credentialRoutes,
    passwordRoutes,
    mfaRoutes,
    loginRoutes,
    catalogRoutes,
    featureRoutes,
    providerRoutes,
    providerLinkRoutes,
    analyticsRoutes,
    auditRoutes,
    backupRoutes,
    devRoutes,
  ]) {
    await routes(app, deps);
  }
}
