import type { ContractCase } from './case.js';

/** Nothing listens on port 1: saving never contacts the issuer, and a test of it fails at once, in words. */
const OIDC = { protocol: 'oidc', issuer: 'http://127.0.0.1:1/', clientId: 'meridian', clientSecret: 'contract-secret' };
const LONG_ID = 'x'.repeat(65);

/** An organization's single sign-on connection: read, set, tested and removed. */
export const ssoCases: ContractCase[] = [
  {
    operation: 'setOrganizationSso',
    status: 200,
    why: 'an operator connects Acme Health to its OpenID provider',
    request: ({ as }) => ({ method: 'PUT', url: '/organization/acme/sso', headers: as.admin, payload: OIDC }),
  },
  {
    operation: 'setOrganizationSso',
    status: 400,
    why: 'an OIDC connection without a client id',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/organization/acme/sso',
      headers: as.admin,
      payload: { ...OIDC, clientId: '' },
    }),
  },
  {
    operation: 'setOrganizationSso',
    status: 403,
    why: 'an Org Admin taking the Org Admins’ emergency access away (operators only)',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/organization/acme/sso',
      headers: as.acmeAdmin,
      payload: { ...OIDC, ssoOnly: true, adminEmergencyAccess: false },
    }),
  },
  {
    operation: 'setOrganizationSso',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ method: 'PUT', url: '/organization/nowhere/sso', headers: as.admin, payload: OIDC }),
  },
  {
    operation: 'setOrganizationSso',
    status: 409,
    why: 'an organization without email domains',
    request: async ({ platform, as }) => {
      await platform.db.query(`UPDATE organizations SET domain = '{}' WHERE id = 'initech'`);
      return { method: 'PUT', url: '/organization/initech/sso', headers: as.admin, payload: OIDC };
    },
  },
  {
    operation: 'getOrganizationSso',
    status: 200,
    why: 'an Org Admin reads their organization’s connection',
    request: ({ as }) => ({ url: '/organization/acme/sso', headers: as.acmeAdmin }),
  },
  {
    operation: 'getOrganizationSso',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ url: `/organization/${LONG_ID}/sso`, headers: as.admin }),
  },
  {
    operation: 'getOrganizationSso',
    status: 403,
    why: 'another organization’s admin',
    request: ({ as }) => ({ url: '/organization/acme/sso', headers: as.globexAdmin }),
  },
  {
    operation: 'getOrganizationSso',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: '/organization/nowhere/sso', headers: as.admin }),
  },
  {
    operation: 'testOrganizationSso',
    status: 200,
    why: 'an issuer nothing answers at: not ok, in words',
    request: ({ as }) => ({ method: 'POST', url: '/organization/acme/sso/test', headers: as.admin, payload: OIDC }),
  },
  {
    operation: 'testOrganizationSso',
    status: 400,
    why: 'no protocol',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/sso/test',
      headers: as.admin,
      payload: { issuer: OIDC.issuer },
    }),
  },
  {
    operation: 'testOrganizationSso',
    status: 403,
    why: 'another organization’s admin',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/sso/test',
      headers: as.globexAdmin,
      payload: OIDC,
    }),
  },
  {
    operation: 'testOrganizationSso',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ method: 'POST', url: '/organization/nowhere/sso/test', headers: as.admin, payload: OIDC }),
  },
  {
    operation: 'startOrganizationSsoTestSignIn',
    status: 200,
    why: 'an operator starts a test sign-in through Initech’s saved SAML connection',
    request: async ({ platform, as }) => {
      await platform.db.query(
        `INSERT INTO organization_sso (organization_id, protocol, saml_idp_entity_id, saml_sso_url, saml_certificates)
         VALUES ('initech', 'saml', 'https://idp.initech.test', 'https://idp.initech.test/sso', '{}')
         ON CONFLICT (organization_id) DO NOTHING`,
      );
      return { method: 'POST', url: '/organization/initech/sso/test-sign-in', headers: as.admin };
    },
  },
  {
    operation: 'startOrganizationSsoTestSignIn',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ method: 'POST', url: `/organization/${LONG_ID}/sso/test-sign-in`, headers: as.admin }),
  },
  {
    operation: 'startOrganizationSsoTestSignIn',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({ method: 'POST', url: '/organization/acme/sso/test-sign-in', headers: as.acmeUser }),
  },
  {
    operation: 'startOrganizationSsoTestSignIn',
    status: 404,
    why: 'an organization without a saved connection',
    request: ({ as }) => ({ method: 'POST', url: '/organization/globex/sso/test-sign-in', headers: as.admin }),
  },
  {
    operation: 'startOrganizationSsoTestSignIn',
    status: 409,
    why: 'an issuer nothing answers at: the test cannot start, in words',
    request: ({ as }) => ({ method: 'POST', url: '/organization/acme/sso/test-sign-in', headers: as.admin }),
  },
  {
    operation: 'organizationSsoTestSignIn',
    status: 200,
    why: 'the operator who started a test reads it (not answered yet)',
    request: async ({ platform, as }) => {
      await platform.db.query(
        `INSERT INTO sso_pending (state, purpose, started_by, organization_id, protocol, expires_at)
         VALUES ('contract-test-state', 'test', 'user:admin@meridian.test', 'globex', 'saml', now() + interval '10 minutes')
         ON CONFLICT (state) DO NOTHING`,
      );
      return { url: '/organization/globex/sso/test-sign-in/contract-test-state', headers: as.admin };
    },
  },
  {
    operation: 'organizationSsoTestSignIn',
    status: 400,
    why: 'a state over 128 characters',
    request: ({ as }) => ({ url: `/organization/globex/sso/test-sign-in/${'s'.repeat(129)}`, headers: as.admin }),
  },
  {
    operation: 'organizationSsoTestSignIn',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({
      url: '/organization/globex/sso/test-sign-in/contract-test-state',
      headers: as.globexUser,
    }),
  },
  {
    operation: 'organizationSsoTestSignIn',
    status: 404,
    why: 'a test no one started',
    request: ({ as }) => ({ url: '/organization/globex/sso/test-sign-in/never-started', headers: as.admin }),
  },
  {
    operation: 'removeOrganizationSso',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ method: 'DELETE', url: `/organization/${LONG_ID}/sso`, headers: as.admin }),
  },
  {
    operation: 'removeOrganizationSso',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({ method: 'DELETE', url: '/organization/acme/sso', headers: as.acmeUser }),
  },
  {
    operation: 'getOrganizationSignInImpact',
    status: 200,
    why: 'an Org Admin reads what their sign-in settings would change',
    request: ({ as }) => ({ url: '/organization/acme/sign-in-impact', headers: as.acmeAdmin }),
  },
  {
    operation: 'getOrganizationSignInImpact',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ url: `/organization/${LONG_ID}/sign-in-impact`, headers: as.admin }),
  },
  {
    operation: 'getOrganizationSignInImpact',
    status: 403,
    why: 'another organization’s admin',
    request: ({ as }) => ({ url: '/organization/acme/sign-in-impact', headers: as.globexAdmin }),
  },
  {
    operation: 'getOrganizationSignInImpact',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: '/organization/nowhere/sign-in-impact', headers: as.admin }),
  },
  {
    operation: 'removeOrganizationSso',
    status: 404,
    why: 'an organization without a connection',
    request: ({ as }) => ({ method: 'DELETE', url: '/organization/globex/sso', headers: as.admin }),
  },
  {
    operation: 'removeOrganizationSso',
    status: 204,
    why: 'an operator removes Acme Health’s connection',
    request: ({ as }) => ({ method: 'DELETE', url: '/organization/acme/sso', headers: as.admin }),
  },
];
