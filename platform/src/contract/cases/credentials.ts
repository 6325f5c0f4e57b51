import type { ContractCase, ContractContext } from './case.js';
import { CONTRACT_USER } from './users.js';

const MISSING_CREDENTIAL = 'cred_missing';

/** The newest credential of a user, or of an organization itself (userEmail null). */
async function newestCredential(
  { platform }: ContractContext,
  organizationId: string,
  userEmail: string | null,
): Promise<string> {
  const { rows } = await platform.db.query<{ id: string }>(
    `SELECT id FROM credentials WHERE organization_id = $1 AND user_email IS NOT DISTINCT FROM $2
      ORDER BY generated_at DESC LIMIT 1`,
    [organizationId, userEmail],
  );
  return rows[0]!.id;
}

const disable = { credential_enabled: false };

/** Data-access credentials: one made and disabled for the contract user, one for acme itself. */
export const credentialCases: ContractCase[] = [
  {
    operation: 'createUserCredential',
    status: 201,
    why: 'an Org Admin, for a user with direct data access',
    request: ({ as }) => ({ method: 'POST', url: `/user/${CONTRACT_USER}/credential`, headers: as.acmeAdmin }),
  },
  {
    operation: 'createUserCredential',
    status: 400,
    why: 'an email under 3 characters',
    request: ({ as }) => ({ method: 'POST', url: '/user/ab/credential', headers: as.admin }),
  },
  {
    operation: 'createUserCredential',
    status: 403,
    why: 'an Org User, for another user',
    request: ({ as }) => ({ method: 'POST', url: '/user/orgadmin@acme.test/credential', headers: as.acmeUser }),
  },
  {
    operation: 'createUserCredential',
    status: 404,
    why: 'no such user',
    request: ({ as }) => ({ method: 'POST', url: '/user/nobody@acme.test/credential', headers: as.admin }),
  },
  {
    operation: 'createUserCredential',
    status: 409,
    why: 'direct data access is off for the user',
    request: ({ as }) => ({ method: 'POST', url: '/user/user@globex.test/credential', headers: as.admin }),
  },

  {
    operation: 'disableUserCredential',
    status: 200,
    why: 'an Org Admin disables it',
    request: async (context) => ({
      method: 'PUT',
      url: `/user/${CONTRACT_USER}/credential/${await newestCredential(context, 'acme', CONTRACT_USER)}`,
      headers: context.as.acmeAdmin,
      payload: disable,
    }),
  },
  {
    operation: 'disableUserCredential',
    status: 400,
    why: 'asked to enable it',
    request: async (context) => ({
      method: 'PUT',
      url: `/user/${CONTRACT_USER}/credential/${await newestCredential(context, 'acme', CONTRACT_USER)}`,
      headers: context.as.acmeAdmin,
      payload: { credential_enabled: true },
    }),
  },
  {
    operation: 'disableUserCredential',
    status: 403,
    why: 'an Org User, for another user',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/user/${CONTRACT_USER}/credential/${MISSING_CREDENTIAL}`,
      headers: as.acmeUser,
      payload: disable,
    }),
  },
  {
    operation: 'disableUserCredential',
    status: 404,
    why: 'no such credential',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/user/${CONTRACT_USER}/credential/${MISSING_CREDENTIAL}`,
      headers: as.acmeAdmin,
      payload: disable,
    }),
  },

  {
    operation: 'createOrganizationCredential',
    status: 201,
    why: 'an administrator',
    request: ({ as }) => ({ method: 'POST', url: '/organization/acme/credential', headers: as.admin }),
  },
  {
    operation: 'createOrganizationCredential',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ method: 'POST', url: `/organization/${'x'.repeat(65)}/credential`, headers: as.admin }),
  },
  {
    operation: 'createOrganizationCredential',
    status: 403,
    why: 'an Org Admin (no organization:update)',
    request: ({ as }) => ({ method: 'POST', url: '/organization/acme/credential', headers: as.acmeAdmin }),
  },
  {
    operation: 'createOrganizationCredential',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ method: 'POST', url: '/organization/no-such-organization/credential', headers: as.admin }),
  },
  {
    operation: 'createOrganizationCredential',
    status: 409,
    why: 'an organization that is not active (created, not yet onboarded)',
    request: ({ as }) => ({ method: 'POST', url: '/organization/initech/credential', headers: as.admin }),
  },

  {
    operation: 'listOrganizationCredentials',
    status: 200,
    why: 'its Org Admin lists them',
    request: ({ as }) => ({ url: '/organization/acme/credential?sort=-generated_timestamp', headers: as.acmeAdmin }),
  },
  {
    operation: 'listOrganizationCredentials',
    status: 400,
    why: 'a negative offset',
    request: ({ as }) => ({ url: '/organization/acme/credential?offset=-1', headers: as.acmeAdmin }),
  },
  {
    operation: 'listOrganizationCredentials',
    status: 403,
    why: 'another tenant',
    request: ({ as }) => ({ url: '/organization/globex/credential', headers: as.acmeAdmin }),
  },
  {
    operation: 'listOrganizationCredentials',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: '/organization/no-such-organization/credential', headers: as.admin }),
  },

  {
    operation: 'disableOrganizationCredential',
    status: 200,
    why: 'an administrator disables it',
    request: async (context) => ({
      method: 'PUT',
      url: `/organization/acme/credential/${await newestCredential(context, 'acme', null)}`,
      headers: context.as.admin,
      payload: disable,
    }),
  },
  {
    operation: 'disableOrganizationCredential',
    status: 400,
    why: 'asked to enable it',
    request: async (context) => ({
      method: 'PUT',
      url: `/organization/acme/credential/${await newestCredential(context, 'acme', null)}`,
      headers: context.as.admin,
      payload: { credential_enabled: true },
    }),
  },
  {
    operation: 'disableOrganizationCredential',
    status: 403,
    why: 'an Org Admin (no organization:update)',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/organization/acme/credential/${MISSING_CREDENTIAL}`,
      headers: as.acmeAdmin,
      payload: disable,
    }),
  },
  {
    operation: 'disableOrganizationCredential',
    status: 404,
    why: 'no such credential',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/organization/acme/credential/${MISSING_CREDENTIAL}`,
      headers: as.admin,
      payload: disable,
    }),
  },
];
