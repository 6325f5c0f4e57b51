import type { ContractCase } from './case.js';

const url = (organizationId: string) => `/user/bulk/active?organizationId=${organizationId}`;

/** Bulk activation: a per-row answer, and each refusal of the whole request. */
export const userBulkCases: ContractCase[] = [
  {
    operation: 'setUsersActive',
    status: 200,
    why: 'an Org Admin activates two users, one already active',
    request: ({ as }) => ({
      method: 'POST',
      url: url('acme'),
      headers: as.acmeAdmin,
      payload: { active: true, emails: ['user@acme.test', 'ghost@acme.test'] },
    }),
  },
  {
    operation: 'setUsersActive',
    status: 400,
    why: 'both emails and allMatching',
    request: ({ as }) => ({
      method: 'POST',
      url: url('acme'),
      headers: as.acmeAdmin,
      payload: { active: true, emails: ['user@acme.test'], allMatching: {} },
    }),
  },
  {
    operation: 'setUsersActive',
    status: 403,
    why: 'another tenant’s administrator',
    request: ({ as }) => ({
      method: 'POST',
      url: url('acme'),
      headers: as.globexAdmin,
      payload: { active: false, allMatching: { search: 'acme' } },
    }),
  },
  {
    operation: 'setUsersActive',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'POST',
      url: url('no-such-organization'),
      headers: as.admin,
      payload: { active: false, emails: ['user@acme.test'] },
    }),
  },
];
