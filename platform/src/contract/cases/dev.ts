import type { ContractCase } from './case.js';

/**
 * The outbox needs no token and exists only in the local and testing environments: the contract
 * test's platform runs as testing (test-support/platform.ts), the printed document under the default
 * (local) configuration, so both have it; passwords.test.ts shows it absent elsewhere.
 */
export const devCases: ContractCase[] = [
  {
    operation: 'listOutbox',
    status: 200,
    why: 'anyone, in the testing environment',
    request: () => ({ url: '/dev/outbox?recipient=user%40acme.test&limit=5' }),
  },
  {
    operation: 'listOutbox',
    status: 400,
    why: 'a negative page size',
    request: () => ({ url: '/dev/outbox?limit=-1' }),
  },
];
