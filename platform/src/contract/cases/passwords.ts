import type { ContractCase, ContractContext } from './case.js';
import { CONTRACT_USER, CONTRACT_USER_PASSWORD } from './users.js';

/** The password the emailed link sets; the change below starts from it. */
const LINK_PASSWORD = 'contract-password-2';

/** The one-time token of the newest link mailed to `email` (the testing environment's outbox). */
async function mailedToken({ platform }: ContractContext, email: string): Promise<string> {
  const { rows } = await platform.db.query<{ link: string }>(
    'SELECT link FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  return new URL(rows[0]!.link).searchParams.get('token')!;
}

/** The contract user's own Authorization header (they are not a fixture caller). */
async function asContractUser({ platform }: ContractContext) {
  return { authorization: `Bearer ${await platform.tokens.user(CONTRACT_USER)}` };
}

/** Passwords: the contract user's reset is started, asked for, used once, and their password changed. */
export const passwordCases: ContractCase[] = [
  {
    operation: 'initiatePasswordReset',
    status: 202,
    why: 'an Org Admin starts one for their user',
    request: ({ as }) => ({ method: 'POST', url: `/user/${CONTRACT_USER}/password-reset`, headers: as.acmeAdmin }),
  },
  {
    operation: 'initiatePasswordReset',
    status: 400,
    why: 'an email under 3 characters',
    request: ({ as }) => ({ method: 'POST', url: '/user/ab/password-reset', headers: as.admin }),
  },
  {
    operation: 'initiatePasswordReset',
    status: 403,
    why: 'a System Viewer (no user:initiate-password-reset)',
    request: ({ as }) => ({ method: 'POST', url: `/user/${CONTRACT_USER}/password-reset`, headers: as.viewer }),
  },
  {
    operation: 'initiatePasswordReset',
    status: 404,
    why: 'no such user',
    request: ({ as }) => ({ method: 'POST', url: '/user/nobody@acme.test/password-reset', headers: as.admin }),
  },

  {
    operation: 'getPasswordResetMeta',
    status: 200,
    why: 'an Org Admin reads their user’s dates',
    request: ({ as }) => ({ url: `/user/${CONTRACT_USER}/password-reset`, headers: as.acmeAdmin }),
  },
  {
    operation: 'getPasswordResetMeta',
    status: 400,
    why: 'an email under 3 characters',
    request: ({ as }) => ({ url: '/user/ab/password-reset', headers: as.admin }),
  },
  {
    operation: 'getPasswordResetMeta',
    status: 403,
    why: 'an Org User (no user:read-password-reset-meta)',
    request: ({ as }) => ({ url: `/user/${CONTRACT_USER}/password-reset`, headers: as.acmeUser }),
  },
  {
    operation: 'getPasswordResetMeta',
    status: 404,
    why: 'another tenant’s user answers as a missing one',
    request: ({ as }) => ({ url: '/user/user@globex.test/password-reset', headers: as.acmeAdmin }),
  },

  {
    operation: 'requestPasswordReset',
    status: 202,
    why: 'anyone asks, without a token',
    request: () => ({ method: 'POST', url: '/password/forgot', payload: { email: CONTRACT_USER } }),
  },
  {
    operation: 'requestPasswordReset',
    status: 400,
    why: 'not an email',
    request: () => ({ method: 'POST', url: '/password/forgot', payload: { email: 'not an email' } }),
  },

  {
    operation: 'passwordLink',
    status: 200,
    why: 'the mailed link’s token names its account, and stays usable',
    request: async (context) => ({
      method: 'POST',
      url: '/password/link',
      payload: { token: await mailedToken(context, CONTRACT_USER) },
    }),
  },
  {
    operation: 'passwordLink',
    status: 400,
    why: 'a token no link has',
    request: () => ({ method: 'POST', url: '/password/link', payload: { token: 'not-a-token' } }),
  },

  {
    operation: 'createPassword',
    status: 400,
    why: 'a password the policy refuses',
    request: async (context) => ({
      method: 'POST',
      url: '/password/create',
      payload: { token: await mailedToken(context, CONTRACT_USER), password: 'short' },
    }),
  },
  {
    operation: 'createPassword',
    status: 204,
    why: 'the mailed link’s token',
    request: async (context) => ({
      method: 'POST',
      url: '/password/create',
      payload: { token: await mailedToken(context, CONTRACT_USER), password: LINK_PASSWORD },
    }),
  },

  {
    operation: 'changePassword',
    status: 400,
    why: 'the current password is wrong',
    request: async (context) => ({
      method: 'POST',
      url: '/password/change',
      headers: await asContractUser(context),
      payload: { currentPassword: CONTRACT_USER_PASSWORD, newPassword: 'contract-password-3' },
    }),
  },
  {
    operation: 'changePassword',
    status: 403,
    why: 'an internal tool has no password',
    request: async ({ platform }) => ({
      method: 'POST',
      url: '/password/change',
      headers: {
        authorization: `Bearer ${await platform.tokens.client('contract-tool', 'systemAdmin', 'meridian')}`,
      },
      payload: { currentPassword: LINK_PASSWORD, newPassword: 'contract-password-3' },
    }),
  },
  {
    operation: 'changePassword',
    status: 204,
    why: 'the signed-in user, with their current password',
    request: async (context) => ({
      method: 'POST',
      url: '/password/change',
      headers: await asContractUser(context),
      payload: { currentPassword: LINK_PASSWORD, newPassword: 'contract-password-3' },
    }),
  },
];
