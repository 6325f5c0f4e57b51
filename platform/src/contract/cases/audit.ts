import type { ContractCase } from './case.js';

/** The audit trail: earlier cases' writes are in it by now. */
export const auditCases: ContractCase[] = [
  {
    operation: 'listAuditEvents',
    status: 200,
    why: 'an organization administrator pages their own organization’s events',
    request: ({ as }) => ({ url: '/audit-events?first=2', headers: as.acmeAdmin }),
  },
  {
    operation: 'listAuditEvents',
    status: 400,
    why: 'a cursor it did not give',
    request: ({ as }) => ({ url: '/audit-events?after=not-a-cursor', headers: as.admin }),
  },
  {
    operation: 'listAuditEvents',
    status: 403,
    why: 'another organization’s events',
    request: ({ as }) => ({ url: '/audit-events?organizationId=globex', headers: as.acmeAdmin }),
  },
];
