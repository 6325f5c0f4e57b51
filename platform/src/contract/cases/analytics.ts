import type { ContractCase } from './case.js';

/** The operators' analytics summary. */
export const analyticsCases: ContractCase[] = [
  {
    operation: 'getAnalyticsSummary',
    status: 200,
    why: 'an operator reads it, every expiring credential listed',
    request: ({ as }) => ({ url: '/analytics/summary?expiringLimit=0', headers: as.viewer }),
  },
  {
    operation: 'getAnalyticsSummary',
    status: 400,
    why: 'a negative expiringLimit',
    request: ({ as }) => ({ url: '/analytics/summary?expiringLimit=-1', headers: as.viewer }),
  },
  {
    operation: 'getAnalyticsSummary',
    status: 403,
    why: 'an organization administrator',
    request: ({ as }) => ({ url: '/analytics/summary', headers: as.acmeAdmin }),
  },
];
