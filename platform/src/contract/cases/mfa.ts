import type { ContractCase } from './case.js';
import { CONTRACT_USER } from './users.js';

/** Second factors: a user's status read by their administrator and by themselves, and reset. */
export const mfaCases: ContractCase[] = [
  {
    operation: 'getUserMfa',
    status: 200,
    why: 'an Org Admin reads their user’s factors',
    request: ({ as }) => ({ url: `/users/${CONTRACT_USER}/mfa`, headers: as.acmeAdmin }),
  },
  {
    operation: 'getUserMfa',
    status: 400,
    why: 'an email under 3 characters',
    request: ({ as }) => ({ url: '/users/ab/mfa', headers: as.admin }),
  },
  {
    operation: 'getUserMfa',
    status: 403,
    why: 'an Org User reading another user',
    request: ({ as }) => ({ url: `/users/${CONTRACT_USER}/mfa`, headers: as.acmeUser }),
  },
  {
    operation: 'getUserMfa',
    status: 404,
    why: 'another tenant’s user answers as a missing one',
    request: ({ as }) => ({ url: '/users/user@globex.test/mfa', headers: as.acmeAdmin }),
  },
  {
    operation: 'resetUserMfa',
    status: 204,
    why: 'an Org Admin resets their user’s factors',
    request: ({ as }) => ({ method: 'POST', url: `/users/${CONTRACT_USER}/mfa/reset`, headers: as.acmeAdmin }),
  },
  {
    operation: 'resetUserMfa',
    status: 400,
    why: 'an email under 3 characters',
    request: ({ as }) => ({ method: 'POST', url: '/users/ab/mfa/reset', headers: as.admin }),
  },
  {
    operation: 'resetUserMfa',
    status: 403,
    why: 'a System Viewer (no user:initiate-password-reset)',
    request: ({ as }) => ({ method: 'POST', url: `/users/${CONTRACT_USER}/mfa/reset`, headers: as.viewer }),
  },
  {
    operation: 'resetUserMfa',
    status: 404,
    why: 'another tenant’s user answers as a missing one',
    request: ({ as }) => ({ method: 'POST', url: '/users/user@globex.test/mfa/reset', headers: as.acmeAdmin }),
  },
  {
    operation: 'resetUserMfa',
    status: 409,
    why: 'an Org Admin resetting their own factors (they change them on the account page)',
    request: ({ as }) => ({ method: 'POST', url: '/users/orgadmin@acme.test/mfa/reset', headers: as.acmeAdmin }),
  },
];
