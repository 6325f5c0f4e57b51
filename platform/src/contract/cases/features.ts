import type { ContractCase } from './case.js';

/** An organization's feature flags: any member reads their own organization's. */
export const featureCases: ContractCase[] = [
  {
    operation: 'getFeatures',
    status: 200,
    why: 'a member of the organization',
    request: ({ as }) => ({ url: '/organization/acme/features', headers: as.acmeUser }),
  },
  {
    operation: 'getFeatures',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ url: `/organization/${'x'.repeat(65)}/features`, headers: as.admin }),
  },
  {
    operation: 'getFeatures',
    status: 403,
    why: 'another tenant',
    request: ({ as }) => ({ url: '/organization/globex/features', headers: as.acmeUser }),
  },
  {
    operation: 'getFeatures',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: '/organization/no-such-organization/features', headers: as.admin }),
  },
];
