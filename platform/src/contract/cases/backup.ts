import type { ContractCase } from './case.js';

/** The suite runs on PGlite and again on PostgreSQL (TEST_DATABASE_URL): each gives one of the answers. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const backup = (status: number, why: string, caller: 'admin' | 'acmeAdmin'): ContractCase => ({
  operation: 'createBackup',
  status,
  why,
  request: ({ as }) => ({ method: 'POST', url: '/admin/backup', headers: as[caller] }),
});

/** A snapshot of the embedded database, for system admins only. */
export const backupCases: ContractCase[] = [
  onPostgres
    ? backup(409, 'the platform runs on PostgreSQL, whose own tools back it up', 'admin')
    : backup(200, 'a system admin downloads the embedded database', 'admin'),
  backup(403, 'an Org Admin', 'acmeAdmin'),
  {
    operation: 'createBackup',
    status: 401,
    why: 'no token',
    request: () => ({ method: 'POST', url: '/admin/backup' }),
  },
];

/** The answer only the other database's pass can produce (the coverage check counts it there). */
export const backupAnswerOfTheOtherDatabase = onPostgres ? 'createBackup 200' : 'createBackup 409';
